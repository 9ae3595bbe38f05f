-- Search (docs/api.md "Search", docs/adr/0015-chinese-search.md).
--
-- Character n-grams on GIN indexes, with core PostgreSQL only: pg_trgm finds no trigrams in
-- Chinese under the embedded cluster's C locale, and a two-character word has no trigram at all.
-- A text's grams are every character but the space and every pair of neighbouring characters of
-- its folded form (search_fold); a query of two or more characters looks up its pairs, a query of
-- one character that character, and every candidate is rechecked as a substring of the folded
-- text (the grams say "may contain", strpos says "contains").

-- The text as search compares it: lower-cased, every run of whitespace one space. The same rule as
-- normalizeSearchQuery (shared/src/core/search.ts), which the query went through: its whitespace
-- class is JavaScript's \s, written out; lower() follows Unicode with the builtin collation
-- pg_c_utf8 (PostgreSQL 17 and later), else the database's (ASCII letters only under C).
-- search_fold and search_lower stay in migrations: the indexes below depend on search_fold (server/sql/README.md).
DO $$
DECLARE
  collate_clause text := CASE WHEN current_setting('server_version_num')::int >= 170000 THEN ' COLLATE pg_c_utf8' ELSE '' END;
BEGIN
  EXECUTE format(
    $f$CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       RETURN regexp_replace(lower(t%s), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g')$f$,
    collate_clause);
  -- Lower-cased only: for a query without a space a match in the folded text is a match here too
  -- (it lies inside a run without whitespace, the same in both), and this is twice as cheap.
  EXECUTE format($f$CREATE FUNCTION search_lower(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT RETURN lower(t%s)$f$, collate_clause);
END
$$;

-- Every character (not a space) and every pair of neighbouring characters of the folded text,
-- distinct. In one pass (the characters split once, the pairs zipped from two slices): substr per
-- position would walk the text from its start each time.
-- Stays in migrations: yy_search_idx and users_search_idx depend on it (server/sql/README.md).
CREATE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
-- CREATE INDEX, ANALYZE and VACUUM run index expressions with search_path pg_catalog (PostgreSQL 17).
SET search_path FROM CURRENT AS $$
  SELECT coalesce(array_agg(DISTINCT y.g), '{}')
  FROM (SELECT regexp_split_to_array(search_fold(t), '') AS c) x,
       LATERAL (SELECT unnest(x.c) AS g
                UNION ALL SELECT a || b FROM unnest(x.c[:cardinality(x.c) - 1], x.c[2:]) AS u(a, b)) y
  WHERE y.g <> ' ' AND y.g <> ''
$$;

-- The grams a query looks up: its pairs, or its one character.
-- Its current text: server/sql/10_search_query_grams.sql; this one is history, run first on a fresh database.
CREATE FUNCTION search_query_grams(q text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT SET search_path FROM CURRENT AS $$
  SELECT CASE WHEN length(search_fold(q)) < 2 THEN ARRAY[search_fold(q)]
              ELSE ARRAY(SELECT g FROM unnest(search_grams(q)) AS g WHERE length(g) = 2) END
$$;

-- Visible yy only, like the page indexes of 017. Nicknames: every user (privacy is a filter).
CREATE INDEX yy_search_idx ON yy USING gin (search_grams(content)) WHERE removed_at IS NULL;
CREATE INDEX users_search_idx ON users USING gin (search_grams(name));

-- search_yy_page(viewer, q, limit, offset): the yy whose folded text holds q (already normalised by
-- normalizeSearchQuery), newest first, answered as yy_page_rows (019) answers the feeds. Left out:
-- removed yy (the partial indexes), and the yy of users the viewer blocked or who blocked the
-- viewer; comment counts leave out the comments of the users the viewer blocked (as the feeds).
-- Every statement keeps one plan per connection (docs/adr/0009-api-read-path.md); the path is
-- chosen here, not by the planner (docs/adr/0015-chinese-search.md):
--  * recent: the site's newest visible yy from (ctime, weibo_id) INCLUDE (uid), a window of
--    20 times the page's end plus one (at least 5,000, at most 50,000 rows), each checked with
--    strpos alone (no grams computed per row). A word on the page's end plus one of them answers
--    here: every older row is older than the window's;
--  * indexed (the window fell short): the candidates of the GIN index, rechecked, sorted, cut.
--    The candidates are a MATERIALIZED CTE, so the kept plan can never be an ordered scan that
--    computes the grams of every row it passes.
-- total: the page's end plus one while more follow, exact on the last page and beyond.
-- Its current text: server/sql/30_search_yy_page.sql; this one is history, run first on a fresh database.
CREATE FUNCTION search_yy_page(p_viewer bigint, p_q text, p_limit integer, p_offset bigint)
RETURNS TABLE (
  total bigint,
  weibo_id bigint,
  uid bigint,
  user_name text,
  face integer,
  avatar text,
  content text,
  ctime bigint,
  transpond_id bigint,
  comment_count integer,
  s_wid bigint,
  s_uid bigint,
  s_name text,
  s_content text,
  s_ctime bigint,
  s_comment integer,
  files text[],
  s_files text[]
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  page_end bigint := p_offset + p_limit;
  q text := search_fold(p_q);
  spaced boolean := strpos(search_fold(p_q), ' ') > 0;
  grams text[] := search_query_grams(p_q);
  blocked bigint[];
  hidden bigint[];
  site_n bigint;
  scan bigint := least(greatest(20 * (p_offset + p_limit + 1), 5000), 50000);
  found bigint[];
  n bigint;
BEGIN
  blocked := ARRAY(SELECT b.blocked_uid FROM blocks b WHERE b.uid = p_viewer);
  hidden := blocked || ARRAY(SELECT b.uid FROM blocks b WHERE b.blocked_uid = p_viewer);
  SELECT value INTO site_n FROM site_counters WHERE name = 'yy';

  found := ARRAY(SELECT w.weibo_id
                 FROM (SELECT y.weibo_id, y.uid, y.ctime, y.content FROM yy y WHERE y.removed_at IS NULL
                       ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT scan) w
                 WHERE w.uid <> ALL(hidden)
                   AND strpos(CASE WHEN spaced THEN search_fold(w.content) ELSE search_lower(w.content) END, q) > 0
                 ORDER BY w.ctime DESC, w.weibo_id DESC LIMIT page_end + 1);
  -- Short of the page's end plus one, and the window did not hold every visible yy: the index.
  IF cardinality(found) <= page_end AND coalesce(site_n, 0) > scan THEN
    found := ARRAY(WITH m AS MATERIALIZED (
                     SELECT y.weibo_id, y.ctime FROM yy y
                     WHERE search_grams(y.content) @> grams AND y.removed_at IS NULL AND y.uid <> ALL(hidden)
                       AND strpos(CASE WHEN spaced THEN search_fold(y.content) ELSE search_lower(y.content) END, q) > 0)
                   SELECT m.weibo_id FROM m ORDER BY m.ctime DESC, m.weibo_id DESC LIMIT page_end + 1);
  END IF;

  IF cardinality(found) > page_end THEN
    n := page_end + 1;
  ELSE
    -- The last page, or beyond it: every match is in `found`.
    n := cardinality(found);
  END IF;
  RETURN QUERY SELECT * FROM yy_page_rows(n, coalesce(found[p_offset + 1:least(page_end, cardinality(found))], '{}'), blocked);
END
$$;
