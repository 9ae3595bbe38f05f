-- yy_page (migration 008) again, same arguments, same columns, same answers, with every statement
-- on one kept plan: a user's page no longer pays PostgreSQL's planning on every call, and neither
-- page can get a generic plan that scans whole tables (docs/adr/0009-api-read-path.md, "Second
-- pass").
--
-- Two steps instead of one join:
--  1. The page's ids, newest first, into an array: an index-only scan of (ctime, weibo_id) for the
--     site, of (uid, ctime, weibo_id) for a user. A user's page is written as a range
--     `uid >= p_uid AND uid <= p_uid` ordered by (uid, ctime, weibo_id): with `uid = p_uid` the
--     planner drops uid from the order (a constant) and the generic plan may scan (ctime, weibo_id)
--     filtering on uid, which is a scan of the whole index for a user with few posts; as a range,
--     only the (uid, ...) index gives the order, whoever the user is. Same rows, same order.
--  2. The rows for those ids (at most PAGE_SIZE_MAX) with author, source and pictures, by primary
--     key, in the array's order. Its generic plan is nested loops over the ids (an array parameter
--     is estimated at 10 elements); 008's site page joined a subquery with LIMIT $1, which a
--     generic plan estimates at 10% of the table, and chose hash joins over all users and a merge
--     join along yy's primary key up to the largest reposted id.
-- The posts' pictures are read in one grouped scan of uploads for all the ids (a subquery per row
-- cost about 7 µs each, a third of the function); the source's pictures only when there is a
-- source (reposts are few), one subquery each.
--
-- The function is STABLE: all its statements see the caller's snapshot, so step 2 finds every id
-- of step 1.
--
-- To go back: 008's CREATE OR REPLACE text (same signature); nothing else depends on this one.
-- Its current text: server/sql/30_yy_page.sql; this one is history, run first on a fresh database.
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
  ids bigint[];
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

  -- Beyond the last page nothing is scanned.
  IF p_offset < n THEN
    IF p_uid IS NULL THEN
      ids := ARRAY(SELECT y.weibo_id FROM yy y ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT p_limit OFFSET p_offset);
    ELSE
      ids := ARRAY(SELECT y.weibo_id FROM yy y WHERE y.uid >= p_uid AND y.uid <= p_uid
                   ORDER BY y.uid DESC, y.ctime DESC, y.weibo_id DESC LIMIT p_limit OFFSET p_offset);
    END IF;
  END IF;

  IF cardinality(ids) > 0 THEN
    RETURN QUERY
      SELECT n, p.weibo_id, p.uid, u.name, u.face, u.avatar, p.content, floor(extract(epoch FROM p.ctime))::bigint,
             coalesce(p.transpond_id, 0), p.comment_count,
             s.weibo_id, s.uid, su.name, s.content, floor(extract(epoch FROM s.ctime))::bigint, s.comment_count,
             pf.files,
             CASE WHEN s.weibo_id IS NOT NULL THEN
               (SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.weibo_id = s.weibo_id)
             END
      FROM unnest(ids) WITH ORDINALITY AS k(id, ord)
      JOIN yy p ON p.weibo_id = k.id
      JOIN users u ON u.uid = p.uid
      LEFT JOIN yy s ON s.weibo_id = p.transpond_id
      LEFT JOIN users su ON su.uid = s.uid
      LEFT JOIN (SELECT f.weibo_id, array_agg(f.file ORDER BY f.position) AS files FROM uploads f
                 WHERE f.weibo_id = ANY(ids) GROUP BY f.weibo_id) pf ON pf.weibo_id = p.weibo_id
      ORDER BY k.ord;
  ELSE
    -- An empty page (or a user without posts): one row of just the total.
    total := n;
    RETURN NEXT;
  END IF;
END
$$;
