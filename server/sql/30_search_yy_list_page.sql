-- search_yy_list_page(viewer, q, limit, offset): the yy whose folded text holds q (already normalised by
-- normalizeSearchQuery), newest first, answered by yy_list_rows (20_yy_list_rows.sql) as the feeds
-- are (docs/api.md "Search", docs/adr/0015-chinese-search.md). The candidates come from
-- visible_yy (10_visible_yy.sql): removed yy and the yy of users the viewer blocked are left out,
-- and so are their words as a repost's source. Search alone also leaves out the yy of users who
-- blocked the viewer (a probe of blocks (blocked_uid, uid) per row; migration 014's index).
-- The route refuses pages past SEARCH_RESULTS_MAX results (shared/src/core/search.ts), so the page's
-- end is at most 1,000 and the work of a page is bounded. Every statement keeps one plan per
-- connection (docs/adr/0009-api-read-path.md); the path is chosen here, not by the planner:
--  * recent: the site's newest visible yy from (ctime, weibo_id) INCLUDE (uid), a window of
--    20 times the page's end plus one (at least 5,000, at most 20,000 rows), each checked with
--    strpos alone (no grams computed per row). A word on the page's end plus one of them answers
--    here: every older row is older than the window's;
--  * indexed (the window fell short): the candidates of the GIN index, rechecked, sorted, cut.
--    The candidates are a MATERIALIZED CTE, so the kept plan can never be an ordered scan that
--    computes the grams of every row it passes.
-- total: the page's end plus one while more follow, exact on the last page and beyond.
CREATE OR REPLACE FUNCTION search_yy_list_page(p_viewer bigint, p_q text, p_limit integer, p_offset bigint)
RETURNS TABLE (total bigint, yy json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  page_end bigint := p_offset + p_limit;
  q text := search_fold(p_q);
  spaced boolean := strpos(search_fold(p_q), ' ') > 0;
  grams text[] := search_query_grams(p_q);
  site_n bigint;
  scan bigint := least(greatest(20 * (p_offset + p_limit + 1), 5000), 20000);
  found bigint[];
  n bigint;
BEGIN
  SELECT value INTO site_n FROM site_counters WHERE name = 'yy';

  found := ARRAY(SELECT w.weibo_id
                 FROM (SELECT y.weibo_id, y.uid, y.ctime, y.content FROM visible_yy(p_viewer) y
                       ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT scan) w
                 WHERE strpos(CASE WHEN spaced THEN search_fold(w.content) ELSE search_lower(w.content) END, q) > 0
                   AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocked_uid = p_viewer AND b.uid = w.uid)
                 ORDER BY w.ctime DESC, w.weibo_id DESC LIMIT page_end + 1);
  -- Short of the page's end plus one, and the window did not hold every visible yy: the index.
  IF cardinality(found) <= page_end AND coalesce(site_n, 0) > scan THEN
    found := ARRAY(WITH m AS MATERIALIZED (
                     SELECT y.weibo_id, y.ctime FROM visible_yy(p_viewer) y
                     WHERE search_grams(y.content) @> grams
                       AND strpos(CASE WHEN spaced THEN search_fold(y.content) ELSE search_lower(y.content) END, q) > 0
                       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocked_uid = p_viewer AND b.uid = y.uid))
                   SELECT m.weibo_id FROM m ORDER BY m.ctime DESC, m.weibo_id DESC LIMIT page_end + 1);
  END IF;

  IF cardinality(found) > page_end THEN
    n := page_end + 1;
  ELSE
    -- The last page, or beyond it: every match is in `found`.
    n := cardinality(found);
  END IF;
  RETURN QUERY SELECT * FROM yy_list_rows(n, coalesce(found[p_offset + 1:least(page_end, cardinality(found))], '{}'), p_viewer);
END
$$;
