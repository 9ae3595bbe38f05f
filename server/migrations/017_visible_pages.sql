-- Removed content and blocks on the read path (migration 015; docs/api.md "Safety" →
-- "Removed content and what a blocker sees").
--
-- The page indexes hold visible yy only: a removed yy is never in a page, and the page's ids stay
-- an index-only scan (a filter on removed_at outside the index would fetch every skipped row).
-- The site's index carries uid so that a viewer's blocked authors are filtered inside it too.
-- Queries that must see removed rows (moderation, purge) use the small removed indexes below.
DROP INDEX yy_uid_ctime_idx;
CREATE INDEX yy_uid_ctime_idx ON yy (uid, ctime, weibo_id) WHERE removed_at IS NULL;
DROP INDEX yy_ctime_idx;
CREATE INDEX yy_ctime_idx ON yy (ctime, weibo_id) INCLUDE (uid) WHERE removed_at IS NULL;
-- A user's removed items (the moderators' page per user), and every removed item (a purge).
CREATE INDEX yy_removed_idx ON yy (uid, removed_at) WHERE removed_at IS NOT NULL;
CREATE INDEX yy_comments_removed_idx ON yy_comments (uid, removed_at) WHERE removed_at IS NOT NULL;
CREATE INDEX leaves_removed_idx ON leaves (uid, removed_at) WHERE removed_at IS NOT NULL;
CREATE INDEX leave_replies_removed_idx ON leave_replies (uid, removed_at) WHERE removed_at IS NOT NULL;

-- yy_page (010) with a fourth argument, the viewer: same columns, same two steps, each statement
-- still on one kept plan per connection (docs/adr/0009-api-read-path.md). What changes:
--  * removed yy are not in any page (the partial indexes above), and the totals already leave
--    them out (removal takes them off users.yy_count and site_counters, features/moderation/queries/removal.ts);
--  * on the site's page, the yy of users the viewer blocked are left out, and so is their part of
--    the total (their yy_count: visible yy only). A viewer without blocks runs the same statement
--    as before; one with blocks runs its own (a second kept plan), filtering uid in the index;
--  * a user's page is not filtered by blocks: whoever opens a blocked user's space sees it;
--  * a repost of a removed yy shows its source as deleted (no source, no source pictures);
--  * comment counts, the yy's and its source's, leave out removed comments (comment_count) and,
--    for a viewer with blocks, the comments of the users they blocked (getComment hides them).
DROP FUNCTION yy_page(bigint, integer, bigint);
-- Its current text: server/sql/30_yy_page.sql; this one is history, run first on a fresh database.
CREATE FUNCTION yy_page(p_uid bigint, p_limit integer, p_offset bigint, p_viewer bigint DEFAULT NULL)
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
  -- The users the viewer blocked (usually none).
  hidden bigint[];
  -- For a viewer with blocks: per yy of the page (and source), the comments of those users.
  adjust_ids bigint[] := '{}';
  adjust_n integer[] := '{}';
BEGIN
  hidden := ARRAY(SELECT b.blocked_uid FROM blocks b WHERE b.uid = p_viewer);
  IF p_uid IS NULL THEN
    SELECT value INTO n FROM site_counters WHERE name = 'yy';
    n := coalesce(n, 0);
    IF cardinality(hidden) > 0 THEN
      n := greatest(n - coalesce((SELECT sum(u.yy_count) FROM users u WHERE u.uid = ANY(hidden)), 0), 0);
    END IF;
  ELSE
    SELECT yy_count INTO n FROM users WHERE uid = p_uid;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;

  -- Beyond the last page nothing is scanned.
  IF p_offset < n THEN
    IF p_uid IS NOT NULL THEN
      ids := ARRAY(SELECT y.weibo_id FROM yy y WHERE y.uid >= p_uid AND y.uid <= p_uid AND y.removed_at IS NULL
                   ORDER BY y.uid DESC, y.ctime DESC, y.weibo_id DESC LIMIT p_limit OFFSET p_offset);
    ELSIF cardinality(hidden) = 0 THEN
      ids := ARRAY(SELECT y.weibo_id FROM yy y WHERE y.removed_at IS NULL
                   ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT p_limit OFFSET p_offset);
    ELSE
      ids := ARRAY(SELECT y.weibo_id FROM yy y WHERE y.removed_at IS NULL AND y.uid <> ALL(hidden)
                   ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT p_limit OFFSET p_offset);
    END IF;
  END IF;

  IF cardinality(ids) > 0 AND cardinality(hidden) > 0 THEN
    -- One probe of the (weibo_id, ...) comment index per yy of the page and per source.
    SELECT coalesce(array_agg(k.id), '{}'), coalesce(array_agg(a.cnt), '{}') INTO adjust_ids, adjust_n
    FROM (SELECT unnest(ids) AS id
          UNION SELECT y.transpond_id FROM yy y WHERE y.weibo_id = ANY(ids) AND y.transpond_id IS NOT NULL) k
    CROSS JOIN LATERAL (SELECT count(*)::integer AS cnt FROM yy_comments c
                        WHERE c.weibo_id = k.id AND c.uid = ANY(hidden) AND c.removed_at IS NULL) a
    WHERE a.cnt > 0;
  END IF;

  IF cardinality(ids) > 0 THEN
    RETURN QUERY
      SELECT n, p.weibo_id, p.uid, u.name, u.face, u.avatar, p.content, floor(extract(epoch FROM p.ctime))::bigint,
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
    -- An empty page (or a user without posts): one row of just the total.
    total := n;
    RETURN NEXT;
  END IF;
END
$$;
