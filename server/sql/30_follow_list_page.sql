-- follow_list_page(viewer, limit, offset): the following feed (GET /api/yy/getfollowyy; docs/api.md
-- "The following feed"): the yy of the users the viewer follows and the viewer's own, newest
-- first, as yy_list_page answers (the rows by yy_list_rows, 20_yy_list_rows.sql), from visible_yy
-- (10_visible_yy.sql): removed yy and the viewer's blocked users' yy left out, and their words as
-- a repost's source too. Every statement keeps one plan per connection (docs/adr/0009-api-read-path.md),
-- and the cost of page 1 must not grow with the number of follows (1,000 followees on a site of
-- 1,000,000 yy as fast as 3). Two ways to the page's ids, chosen from the viewer's follows counter
-- and the number of users (the planner's statistics: a choice of path, never an answer):
--  * dense (the followees are a fair share of the site's users, e.g. 1,000 of 10,000): scan the
--    newest rows of the site's (ctime, weibo_id) INCLUDE (uid) index, keeping the authors' rows,
--    within a window expected to hold the page's end four times over, at most 20,000 entries. If
--    the page's end plus one is reached inside it the page is exact (every older row is older
--    than the window's); if not, the per-author way below runs instead;
--  * sparse (a few followees, or the window fell short): per author, their newest yy up to the
--    page's end plus one from the (uid, ctime, weibo_id) index (a range on uid, as yy_list_page's user
--    page, so the kept plan can use no other index), merged and cut.
-- total: an exact count would cost a probe per followee, so while more yy follow the page it is
-- the page's end plus one ("there is a next page"); on the last page and beyond it, exact.
CREATE OR REPLACE FUNCTION follow_list_page(p_viewer bigint, p_limit integer, p_offset bigint)
RETURNS TABLE (total bigint, yy json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  page_end bigint := p_offset + p_limit;
  follows_n bigint;
  users_n double precision;
  scan double precision;
  authors bigint[];
  found bigint[] := '{}';
  more boolean;
  n bigint;
BEGIN
  SELECT u.follows INTO follows_n FROM users u WHERE u.uid = p_viewer;
  -- How many users the site has, from the planner's statistics (a choice of path, not an answer).
  SELECT c.reltuples INTO users_n FROM pg_class c WHERE c.oid = 'users'::regclass;
  users_n := greatest(users_n, coalesce(follows_n, 0) + 1);

  -- Dense: a window of the site's newest yy expected to hold the page's end four times over, if
  -- that is small; each row's author looked up in the viewer's follows (a probe of the primary
  -- key: written as a range so that the kept plan cannot hash the whole follow list instead), so
  -- the follow list itself is not read.
  scan := ceil(4.0 * (page_end + 1) * users_n / (coalesce(follows_n, 0) + 1));
  IF scan <= 20000 THEN
    found := ARRAY(SELECT w.weibo_id
                   FROM (SELECT y.weibo_id, y.uid, y.ctime FROM visible_yy(p_viewer) y
                         ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT scan::bigint) w
                   WHERE (w.uid >= p_viewer AND w.uid <= p_viewer
                          OR EXISTS (SELECT 1 FROM follows f WHERE f.uid = p_viewer
                                     AND f.followed_uid >= w.uid AND f.followed_uid <= w.uid))
                   ORDER BY w.ctime DESC, w.weibo_id DESC LIMIT page_end + 1);
  END IF;
  IF cardinality(found) <= page_end THEN
    -- Sparse, or the window fell short: per author, merged and cut.
    authors := ARRAY(SELECT f.followed_uid FROM follows f
                     WHERE f.uid >= p_viewer AND f.uid <= p_viewer
                       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = p_viewer AND b.blocked_uid = f.followed_uid)
                     ORDER BY f.uid, f.followed_uid) || p_viewer;
    found := ARRAY(SELECT t.weibo_id
                   FROM unnest(authors) AS a(uid)
                   CROSS JOIN LATERAL (SELECT y.weibo_id, y.ctime FROM visible_yy(p_viewer) y
                                       WHERE y.uid >= a.uid AND y.uid <= a.uid
                                       ORDER BY y.uid DESC, y.ctime DESC, y.weibo_id DESC LIMIT page_end + 1) t
                   ORDER BY t.ctime DESC, t.weibo_id DESC LIMIT page_end + 1);
  END IF;

  more := cardinality(found) > page_end;
  IF more THEN
    n := page_end + 1;
  ELSIF cardinality(found) > p_offset THEN
    n := cardinality(found);
  ELSE
    -- Beyond the last page: the exact total, from the authors' counters (visible yy).
    SELECT coalesce(sum((SELECT u.yy_count FROM users u WHERE u.uid = a.uid)), 0) INTO n FROM unnest(authors) AS a(uid);
  END IF;
  RETURN QUERY SELECT * FROM yy_list_rows(n, coalesce(found[p_offset + 1:least(page_end, cardinality(found))], '{}'), p_viewer);
END
$$;
