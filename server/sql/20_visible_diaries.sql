-- visible_diaries(viewer, owner): the diary entries `viewer` (0 or NULL: signed out) may see. Every
-- read of an entry (a space's list, one entry, its comments, a comment's notice, search) takes its
-- rows from here, so none can forget a rule:
--  * a removed entry is never shown, to its owner neither (migration 015's rule for a yy);
--  * who sees it is content_visible's, the one rule of the four visibilities;
--  * the entries of a user the viewer blocked are not shown, except `owner`'s: the space (or the
--    entry) the viewer opened on purpose shows its owner's, like visible_yy.
-- LANGUAGE sql, STABLE, one SELECT: PostgreSQL inlines it into the caller's query.
CREATE OR REPLACE FUNCTION visible_diaries(p_viewer bigint, p_owner bigint DEFAULT NULL)
RETURNS SETOF diaries
LANGUAGE sql STABLE
AS $$
  SELECT d.* FROM diaries d
  WHERE d.removed_at IS NULL
    AND content_visible(p_viewer, d.uid, d.visibility)
    AND (d.uid = p_owner OR NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = p_viewer AND b.blocked_uid = d.uid))
$$;
