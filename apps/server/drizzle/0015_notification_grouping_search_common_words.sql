ALTER TABLE "notifications" DROP CONSTRAINT "notifications_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_comment_id_comments_id_fk";
--> statement-breakpoint
CREATE INDEX "notifications_unread_by_task_idx" ON "notifications" USING btree ("task_id","recipient_id") WHERE read_at is null;--> statement-breakpoint
-- Search: which of a question's words the GIN index reads (hand-written, like 0011_search; decision 0096).
-- A word found in most rows ('réunion' in every task's description of the bench) costs the index scan a
-- walk through its whole posting list, to intersect it with the rare words that decide the answer. The index
-- reads the rare words only; the search checks the full question again on the rows they find, so the
-- matches are the same whatever is called common. Which lexemes are common (in half the rows or more) the
-- server reads from the planner's statistics (pg_stats, kept by ANALYZE) and passes as `common`.
--
-- `q` is what the search builds: lexemes joined by '&', the last one perhaps a prefix (':*'), which is
-- common when a common lexeme starts with it. The result is `q` without its common operands, or null when
-- that leaves nothing out (no operand common, or every one), or when `q` has any other shape: then the
-- index reads `q` itself and nothing needs checking again.
CREATE FUNCTION jalon_search_index_query(q tsquery, common text[]) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  operand text[];
  lexeme text;
  rare text[] := '{}';
  operands int := 0;
BEGIN
  IF cardinality(common) = 0
     OR q::text !~ '^''(?:[^'']|'''')*''(?::\*)?(?: & ''(?:[^'']|'''')*''(?::\*)?)*$' THEN
    RETURN NULL;
  END IF;
  -- Each operand: its text as the query writes it, its lexeme (quotes doubled), ':*' for a prefix.
  FOR operand IN SELECT regexp_matches(q::text, '(''((?:[^'']|'''')*)''(:\*)?)', 'g') LOOP
    operands := operands + 1;
    lexeme := replace(operand[2], '''''', '''');
    IF NOT (CASE WHEN operand[3] IS NULL THEN lexeme = ANY (common)
                 ELSE EXISTS (SELECT FROM unnest(common) AS c(element) WHERE starts_with(c.element, lexeme)) END) THEN
      rare := rare || operand[1];
    END IF;
  END LOOP;
  IF cardinality(rare) IN (0, operands) THEN
    RETURN NULL;
  END IF;
  RETURN array_to_string(rare, ' & ')::tsquery;
END;
$$;
