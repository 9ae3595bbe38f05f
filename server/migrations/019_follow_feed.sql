-- The following feed (docs/api.md "Follows" → "The following feed").
--
-- follow_page(viewer, limit, offset) answers what yy_page (017) answers, for the yy of the users
-- the viewer follows and the viewer's own, newest first: removed yy left out (the partial
-- indexes of 017), the viewer's blocked users left out, total included. Every statement keeps one
-- plan per connection (docs/adr/0009-api-read-path.md), and the cost of page 1 must not grow with
-- the number of follows (1,000 followees on a site of 1,000,000 yy as fast as 3). Two ways to the
-- page's ids, chosen from the viewer's follows counter and the number of users (the planner's
-- statistics: a choice of path, never an answer):
--  * dense (the followees are a fair share of the site's users, e.g. 1,000 of 10,000): scan the
--    newest rows of the site's (ctime, weibo_id) INCLUDE (uid) index, keeping the authors' rows,
--    within a window expected to hold the page's end four times over, at most 20,000 entries. If
--    the page's end plus one is reached inside it the page is exact (every older row is older
--    than the window's); if not, the per-author way below runs instead;
--  * sparse (a few followees, or the window fell short): per author, their newest yy up to the
--    page's end plus one from the (uid, ctime, weibo_id) index (a range on uid, as yy_page's user
--    page, so the kept plan can use no other index), merged and cut.
-- total: an exact count would cost a probe per followee, so while more yy follow the page it is
-- the page's end plus one ("there is a next page"); on the last page and beyond it, exact.

-- The rows of a page of yy ids (in that order) with the answer's columns, or one row of just the
-- total when there are none: yy_page's second step (017), for the feed's function.
-- Its current text: server/sql/20_yy_page_rows.sql; this one is history, run first on a fresh database.
CREATE FUNCTION yy_page_rows(p_total bigint, ids bigint[], hidden bigint[])
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
  adjust_ids bigint[] := '{}';
  adjust_n integer[] := '{}';
BEGIN
  IF cardinality(ids) > 0 AND cardinality(hidden) > 0 THEN
    SELECT coalesce(array_agg(k.id), '{}'), coalesce(array_agg(a.cnt), '{}') INTO adjust_ids, adjust_n
    FROM (SELECT unnest(ids) AS id
          UNION SELECT y.transpond_id FROM yy y WHERE y.weibo_id = ANY(ids) AND y.transpond_id IS NOT NULL) k
    CROSS JOIN LATERAL (SELECT count(*)::integer AS cnt FROM yy_comments c
                        WHERE c.weibo_id = k.id AND c.uid = ANY(hidden) AND c.removed_at IS NULL) a
    WHERE a.cnt > 0;
  END IF;

  IF cardinality(ids) > 0 THEN
    RETURN QUERY
      SELECT p_total, p.weibo_id, p.uid, u.name, u.face, u.avatar, p.content, floor(extract(epoch FROM p.ctime))::bigint,
             coalesce(p.transpond_id, 0),
             p.comment_count - coalesce((SELECT a.cnt FROM unnest(adjust_ids, adjust_n) AS a(id, cnt) WHERE a.id = p.weibo_id), 0),
             s.weibo_id, s.uid, su.name, s.content, floor(extract(epoch FROM s.ctime))::bigint,
             s.comment_count - coalesce((SELECT a.cnt FROM unnest(adjust_ids, adjust_n) AS a(id, cnt) WHERE a.id = s.weibo_id), 0),
             pf.files,
             CASE WHEN s.weibo_id IS NOT NULL THEN
               (SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.weibo_id = s.weibo_id)
             END
      FROM unnest(ids) WITH ORDINALITY AS k(id, ord)
      JOIN yy p ON p.weibo_id = k.id
      JOIN users u ON u.uid = p.uid
      LEFT JOIN yy s ON s.weibo_id = p.transpond_id AND s.removed_at IS NULL
      LEFT JOIN users su ON su.uid = s.uid
      LEFT JOIN (SELECT f.weibo_id, array_agg(f.file ORDER BY f.position) AS files FROM uploads f
                 WHERE f.weibo_id = ANY(ids) GROUP BY f.weibo_id) pf ON pf.weibo_id = p.weibo_id
      ORDER BY k.ord;
  ELSE
    total := p_total;
    RETURN NEXT;
  END IF;
END
$$;

-- Its current text: server/sql/30_follow_page.sql; this one is history, run first on a fresh database.
CREATE FUNCTION follow_page(p_viewer bigint, p_limit integer, p_offset bigint)
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
  hidden bigint[];
  follows_n bigint;
  users_n double precision;
  scan double precision;
  authors bigint[];
  found bigint[] := '{}';
  more boolean;
  n bigint;
BEGIN
  hidden := ARRAY(SELECT b.blocked_uid FROM blocks b WHERE b.uid = p_viewer);
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
                   FROM (SELECT y.weibo_id, y.uid, y.ctime FROM yy y WHERE y.removed_at IS NULL
                         ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT scan::bigint) w
                   WHERE (w.uid >= p_viewer AND w.uid <= p_viewer
                          OR EXISTS (SELECT 1 FROM follows f WHERE f.uid = p_viewer
                                     AND f.followed_uid >= w.uid AND f.followed_uid <= w.uid))
                     AND w.uid <> ALL(hidden)
                   ORDER BY w.ctime DESC, w.weibo_id DESC LIMIT page_end + 1);
  END IF;
  IF cardinality(found) <= page_end THEN
    -- Sparse, or the window fell short: per author, merged and cut.
    authors := ARRAY(SELECT f.followed_uid FROM follows f
                     WHERE f.uid >= p_viewer AND f.uid <= p_viewer AND f.followed_uid <> ALL(hidden)
                     ORDER BY f.uid, f.followed_uid) || p_viewer;
    found := ARRAY(SELECT t.weibo_id
                   FROM unnest(authors) AS a(uid)
                   CROSS JOIN LATERAL (SELECT y.weibo_id, y.ctime FROM yy y
                                       WHERE y.uid >= a.uid AND y.uid <= a.uid AND y.removed_at IS NULL
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
  RETURN QUERY SELECT * FROM yy_page_rows(n, coalesce(found[p_offset + 1:least(page_end, cardinality(found))], '{}'), hidden);
END
$$;
