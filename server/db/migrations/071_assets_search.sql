-- The assets' Keyword (server/prototypes/README.md, "The tree"): the name, description or path
-- contains it, case aside. 070 indexes lower(path), which holds the name; without an index on the
-- description too, the OR of both reads every asset of the organization (about 250 ms per query
-- over 110,000 assets on PGlite, bench/assets.bench.ts). With both, a search is a BitmapOr of the
-- two trigram indexes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS assets_description_trgm ON assets USING gin (lower(description) gin_trgm_ops);
  END IF;
END
$$;

-- The list is sorted by path. In that order a search for a common word (90,000 of 110,000 assets
-- hold "machine") reads the first page from this index and stops, instead of sorting every match
-- (about 500 ms → see the bench); 070's path index (text_pattern_ops) serves LIKE, not ORDER BY.
CREATE INDEX IF NOT EXISTS assets_active_path_order ON assets (organization_uuid, path, uuid) WHERE status = 'Active';
