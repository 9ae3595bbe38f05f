-- The yy page read (GET /api/yy/getUseryy and getyy) as one function: the counter (a user's
-- yy_count, or the site's), then the page newest first with author, source and both picture
-- lists, or one row of just the total when the page is empty (beyond the last page nothing is
-- scanned); no row at all when p_uid names no user (p_uid NULL: the whole site).
--
-- Why a function (docs/adr/0009-api-read-path.md): planning this join took longer than running
-- it (about 1 ms against 0.4 ms), and PostgreSQL keeps re-planning it for every call, because with
-- LIMIT and OFFSET as parameters its generic plan is estimated for 10% of the table. PL/pgSQL keeps
-- each query's plan for the session, and `plan_cache_mode = force_generic_plan` (for this function
-- only) makes the site's page one generic plan, planned once per connection. A user's page goes
-- through EXECUTE of a text holding the uid, limit and offset, planned for that user on every
-- call: a generic `uid = p_uid` plan scanned (ctime, weibo_id) backwards filtering on uid, right
-- for a user holding a million posts and a scan of the whole index for a user with four
-- (bench:api at 1,000,000 posts caught it: those pages took seconds).
--
-- Changing the page's columns means a later migration with CREATE OR REPLACE (or DROP and CREATE
-- when the columns change) and the row type in server/src/features/yy/queries.ts.
-- Its current text: server/sql/30_yy_page.sql; this one is history, run first on a fresh database.
CREATE FUNCTION yy_page(p_uid bigint, p_limit integer, p_offset bigint)
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
  n bigint;
  returned boolean := false;
BEGIN
  IF p_uid IS NULL THEN
    SELECT value INTO n FROM site_counters WHERE name = 'yy';
    n := coalesce(n, 0);
  ELSE
    SELECT yy_count INTO n FROM users WHERE uid = p_uid;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;

  IF p_offset < n THEN
    IF p_uid IS NULL THEN
      RETURN QUERY
        SELECT n, p.weibo_id, p.uid, u.name, u.face, u.avatar, p.content, floor(extract(epoch FROM p.ctime))::bigint,
               coalesce(p.transpond_id, 0), p.comment_count,
               s.weibo_id, s.uid, su.name, s.content, floor(extract(epoch FROM s.ctime))::bigint, s.comment_count,
               (SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.weibo_id = p.weibo_id),
               (SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.weibo_id = s.weibo_id)
        FROM (SELECT * FROM yy ORDER BY ctime DESC, weibo_id DESC LIMIT p_limit OFFSET p_offset) p
        JOIN users u ON u.uid = p.uid
        LEFT JOIN yy s ON s.weibo_id = p.transpond_id
        LEFT JOIN users su ON su.uid = s.uid
        ORDER BY p.ctime DESC, p.weibo_id DESC;
    ELSE
      -- Dynamic, with the three numbers written into the text (integers, so nothing to quote):
      -- planned for exactly these values on every call, whatever plan_cache_mode says.
      RETURN QUERY EXECUTE format(
        'SELECT $1, p.weibo_id, p.uid, u.name, u.face, u.avatar, p.content, floor(extract(epoch FROM p.ctime))::bigint,
                coalesce(p.transpond_id, 0), p.comment_count,
                s.weibo_id, s.uid, su.name, s.content, floor(extract(epoch FROM s.ctime))::bigint, s.comment_count,
                (SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.weibo_id = p.weibo_id),
                (SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.weibo_id = s.weibo_id)
         FROM (SELECT * FROM yy WHERE uid = %s ORDER BY ctime DESC, weibo_id DESC LIMIT %s OFFSET %s) p
         JOIN users u ON u.uid = p.uid
         LEFT JOIN yy s ON s.weibo_id = p.transpond_id
         LEFT JOIN users su ON su.uid = s.uid
         ORDER BY p.ctime DESC, p.weibo_id DESC',
        p_uid, p_limit, p_offset)
        USING n;
    END IF;
    returned := FOUND;
  END IF;

  IF NOT returned THEN
    total := n;
    RETURN NEXT;
  END IF;
END
$$;
