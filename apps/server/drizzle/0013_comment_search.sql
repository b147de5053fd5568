-- Comments in the full-text search (hand-written, like 0011_search: drizzle-kit knows nothing of it).
-- A comment's words weigh as a description's (B). Its body is null once deleted, and deleted comments are
-- never searched: the GIN index covers live comments only.
ALTER TABLE "comments" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('jalon_search', jalon_search_fold(coalesce("body", ''))), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search_vector") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- A comment's text as a person reads it: each mention (`<@userId>`) as '@' and the member's name, an
-- unknown id left as it was. For the excerpts of a page of results only (it reads the members).
CREATE FUNCTION jalon_mentions_named(body text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  mention text[];
  named text := body;
BEGIN
  FOR mention IN SELECT regexp_matches(body, '<@([0-9a-f-]{36})>', 'g') LOOP
    named := replace(named, '<@' || mention[1] || '>',
      coalesce('@' || (SELECT username FROM users WHERE id::text = mention[1]), '<@' || mention[1] || '>'));
  END LOOP;
  RETURN named;
END;
$$;
