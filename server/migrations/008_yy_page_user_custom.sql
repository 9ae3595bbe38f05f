-- yy_page (008_yy_page.sql), corrected: a user's page is planned for that user on every call.
--
-- With the plan forced generic, PostgreSQL plans `uid = p_uid` without knowing the user. bench:api
-- found the flaw at 1,000,000 posts held by one user: the generic plan scanned (ctime, weibo_id)
-- backwards filtering on uid, right for that user and a scan of the whole index for a user with
-- four posts, so those pages took seconds and the server stalled. A user's page now goes through
-- EXECUTE of a text holding the uid, limit and offset, planned for them on every call (for a user
-- with few posts: the (uid, ctime, weibo_id) index); the site's page has no such parameter and
-- keeps its one generic plan.
-- docs/adr/0009-api-read-path.md.
CREATE OR REPLACE FUNCTION yy_page(p_uid bigint, p_limit integer, p_offset bigint)
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
