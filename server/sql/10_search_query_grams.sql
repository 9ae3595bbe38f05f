-- search_query_grams(q): the grams a search query looks up in the GIN indexes of migration 020
-- (docs/adr/0015-chinese-search.md): the pairs of neighbouring characters of its folded form, or
-- its one character. Built on search_fold and search_grams, which stay in migration 020: the
-- indexes yy_search_idx and users_search_idx depend on them. No index depends on this one.
CREATE OR REPLACE FUNCTION search_query_grams(q text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT SET search_path FROM CURRENT AS $$
  SELECT CASE WHEN length(search_fold(q)) < 2 THEN ARRAY[search_fold(q)]
              ELSE ARRAY(SELECT g FROM unnest(search_grams(q)) AS g WHERE length(g) = 2) END
$$;
