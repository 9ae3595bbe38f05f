-- yy_list_rows(total, ids, viewer, owner): the answer of every list of yy (the site's feed, a
-- user's space, the following feed, search, a single yy): the rows of `ids` in that order, each
-- `yy` the API's Yy object (shared/src/core/api-schemas/answers.ts YySchema, its field names),
-- but for the pictures: `typeData` and `sourceTData` hold the stored file names in order (null
-- when none), which the server turns into their URLs (features/yy/queries.ts toYy). When
-- there are no ids (or none the viewer may see), one row of just the total (`yy` null).
-- A field added to the yy is added here, in the json_build_object below, and in YySchema.
-- Each list finds its page's ids its own way (its own index); the rows and their sources are read
-- here, through visible_yy (10_visible_yy.sql), so:
--  * a row the viewer may not see is dropped, even if a list's ids let it through;
--  * a repost whose source the viewer may not see (removed, or by a user the viewer blocked)
--    answers as a repost of a deleted yy: no source, no source pictures (sourceDeleted, 原yy已被删除),
--    the shape the browser already shows;
--  * comment counts, the yy's and its source's, leave out the comments of the users the viewer
--    blocked (getComment does not list them); for a viewer without blocks nothing is counted.
-- `owner`: the user whose space the viewer opened (their yy show, blocked or not); NULL elsewhere.
CREATE OR REPLACE FUNCTION yy_list_rows(p_total bigint, ids bigint[], p_viewer bigint, p_owner bigint DEFAULT NULL)
RETURNS TABLE (total bigint, yy json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  -- Whether the viewer blocked anyone (usually not): then comments of blocked users are counted out.
  has_blocks boolean := EXISTS (SELECT 1 FROM blocks b WHERE b.uid = p_viewer);
BEGIN
  IF cardinality(ids) > 0 THEN
    RETURN QUERY
      SELECT p_total, json_build_object(
               'weiboId', p.weibo_id,
               'uid', p.uid,
               'userName', u.name,
               'face', u.face,
               'avatar', u.avatar,
               'content', p.content,
               'ctime', floor(extract(epoch FROM p.ctime))::bigint,
               'transpondId', coalesce(p.transpond_id, 0),
               'sourceWid', coalesce(s.weibo_id, 0),
               'sourceUid', coalesce(s.uid, 0),
               'sourceName', coalesce(su.name, ''),
               'sourceContent', coalesce(s.content, ''),
               'sourceCtime', coalesce(floor(extract(epoch FROM s.ctime))::bigint, 0),
               'sourceComment', coalesce(s.comment_count - CASE WHEN has_blocks AND s.weibo_id IS NOT NULL THEN
                 (SELECT count(*)::integer FROM yy_comments c
                  WHERE c.weibo_id = s.weibo_id AND c.removed_at IS NULL
                    AND EXISTS (SELECT 1 FROM blocks b WHERE b.uid = p_viewer AND b.blocked_uid = c.uid)) ELSE 0 END, 0),
               -- A repost whose source the viewer may not see (or that is gone).
               'sourceDeleted', p.transpond_id IS NOT NULL AND s.weibo_id IS NULL,
               'comment', p.comment_count - CASE WHEN has_blocks THEN
                 (SELECT count(*)::integer FROM yy_comments c
                  WHERE c.weibo_id = p.weibo_id AND c.removed_at IS NULL
                    AND EXISTS (SELECT 1 FROM blocks b WHERE b.uid = p_viewer AND b.blocked_uid = c.uid)) ELSE 0 END,
               'typeData', pf.files,
               'sourceTData', CASE WHEN s.weibo_id IS NOT NULL THEN
                 (SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.weibo_id = s.weibo_id)
               END)
      FROM unnest(ids) WITH ORDINALITY AS k(id, ord)
      JOIN visible_yy(p_viewer, p_owner) p ON p.weibo_id = k.id
      JOIN users u ON u.uid = p.uid
      LEFT JOIN visible_yy(p_viewer, p_owner) s ON s.weibo_id = p.transpond_id
      LEFT JOIN users su ON su.uid = s.uid
      LEFT JOIN (SELECT f.weibo_id, array_agg(f.file ORDER BY f.position) AS files FROM uploads f
                 WHERE f.weibo_id = ANY(ids) GROUP BY f.weibo_id) pf ON pf.weibo_id = p.weibo_id
      ORDER BY k.ord;
    IF FOUND THEN
      RETURN;
    END IF;
  END IF;
  -- No ids, or none the viewer may see: one row of just the total.
  total := p_total;
  RETURN NEXT;
END
$$;
