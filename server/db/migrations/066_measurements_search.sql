-- The measurements list's Keyword (DOMAIN.md §1): a "contains" match on the name or description
-- (ILIKE '%…%') and a /regex/ on the name. Without an index both read every measurement of the
-- organization (about 0.5 s per query over 100,000 on PGlite, bench/measurements.bench.ts);
-- trigram GIN indexes let PostgreSQL read only the rows that hold the text's trigrams.
--
-- pg_trgm is a trusted extension (PostgreSQL ≥ 13): the database's owner may create it. Where it
-- cannot be created (a managed PostgreSQL that forbids it), the list still works, only slower.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%); the measurements keyword search runs without its index', SQLERRM;
END
$$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS measurements_name_trgm ON measurements USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS measurements_description_trgm ON measurements USING gin (description gin_trgm_ops);
  END IF;
END
$$;
