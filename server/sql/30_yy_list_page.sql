-- yy_list_page(uid, limit, offset, viewer): a page of a user's yy (uid) or of the site's (uid NULL),
-- newest first, with the total, in one call (features/yy/queries.ts yyPage; docs/api.md "yy and comments").
-- Every statement keeps one plan per connection (docs/adr/0009-api-read-path.md):
--  * the total is a counter: the user's yy_count, or the site's less the yy_count of the users the
--    viewer blocked (the count of what visible_yy leaves out of the site's page);
--  * the page's ids from the (uid, ctime, weibo_id) or (ctime, weibo_id) INCLUDE (uid) index of
--    visible yy, scanned backwards through visible_yy (10_visible_yy.sql): on the site's page a
--    blocked author's rows are skipped inside the index scan (a primary-key probe of blocks per
--    row, no heap visit); a user's page is the space the viewer opened, so its owner's yy all show;
--  * the rows, sources and pictures: yy_list_rows (20_yy_list_rows.sql). On a user's page the
--    owner is exempt from the viewer's blocks; the sources of other users are not.
-- Beyond the last page nothing is scanned.
CREATE OR REPLACE FUNCTION yy_list_page(p_uid bigint, p_limit integer, p_offset bigint, p_viewer bigint DEFAULT NULL)
RETURNS TABLE (total bigint, yy json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  n bigint;
  ids bigint[] := '{}';
BEGIN
  IF p_uid IS NULL THEN
    SELECT value INTO n FROM site_counters WHERE name = 'yy';
    n := greatest(coalesce(n, 0)
                  - coalesce((SELECT sum((SELECT u.yy_count FROM users u WHERE u.uid = b.blocked_uid)) FROM blocks b WHERE b.uid = p_viewer), 0), 0);
  ELSE
    SELECT yy_count INTO n FROM users WHERE uid = p_uid;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;

  IF p_offset < n THEN
    IF p_uid IS NOT NULL THEN
      ids := ARRAY(SELECT y.weibo_id FROM visible_yy(p_viewer, p_uid) y WHERE y.uid >= p_uid AND y.uid <= p_uid
                   ORDER BY y.uid DESC, y.ctime DESC, y.weibo_id DESC LIMIT p_limit OFFSET p_offset);
    ELSE
      ids := ARRAY(SELECT y.weibo_id FROM visible_yy(p_viewer) y
                   ORDER BY y.ctime DESC, y.weibo_id DESC LIMIT p_limit OFFSET p_offset);
    END IF;
  END IF;

  RETURN QUERY SELECT * FROM yy_list_rows(n, ids, p_viewer, p_uid);
END
$$;
