-- Full-text search (issue 40). Everything below is hand-written: drizzle-kit knows nothing of it (the
-- search columns are read by raw SQL only, so the ORM's selects never carry them; decision 0080).
--
-- Accents are folded by the `unaccent` dictionary where the database has the extension (PGlite loads
-- it from its contrib bundle: db/pglite-extensions.mjs; PostgreSQL has it with its contrib package).
-- Without it, `jalon_search_fold` folds the accented Latin letters one for one with translate(): the
-- same matches for French words, ligatures (œ, æ) excepted.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent is not available (%): accents are folded by jalon_search_fold', SQLERRM;
END;
$$;--> statement-breakpoint
-- French stemming; with unaccent, each word is folded before it is stemmed (in documents and queries).
CREATE TEXT SEARCH CONFIGURATION jalon_search (COPY = pg_catalog.french);--> statement-breakpoint
DO $$
DECLARE
  unaccent_schema text := (
    SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'unaccent'
  );
BEGIN
  IF unaccent_schema IS NOT NULL THEN
    EXECUTE format(
      'ALTER TEXT SEARCH CONFIGURATION jalon_search ALTER MAPPING FOR hword, hword_part, word WITH %I.unaccent, french_stem',
      unaccent_schema
    );
    -- The configuration folds: the text goes in as it is, so excerpts keep their accents.
    CREATE FUNCTION jalon_search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $f$ SELECT $1 $f$;
  ELSE
    CREATE FUNCTION jalon_search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $f$ SELECT translate($1,
        'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝŸýÿ',
        'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYYyy') $f$;
  END IF;
END;
$$;--> statement-breakpoint
-- Stored vectors (title or name weighs A, description B): ranking reads them instead of parsing the
-- text of every match again; the GIN indexes cover live rows only, as every search filters on them.
ALTER TABLE "tasks" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('jalon_search', jalon_search_fold("title")), 'A')
  || setweight(to_tsvector('jalon_search', jalon_search_fold("description")), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('jalon_search', jalon_search_fold("name")), 'A')
  || setweight(to_tsvector('jalon_search', jalon_search_fold("description")), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_vector") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_vector") WHERE "deleted_at" IS NULL;
