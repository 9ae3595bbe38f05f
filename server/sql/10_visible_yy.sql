-- visible_yy(viewer, owner): the yy any list may show to `viewer`. Every list of yy reads its rows
-- (and a repost's source) through this one function, so a list added later cannot forget a rule:
--  * a removed yy is never shown (migration 015; the page indexes hold visible yy only);
--  * the yy of a user the viewer blocked are not shown, nor are they a repost's source: the
--    blocker does not see the blocked user's words, wherever a list would bring them. One way, as
--    every read filter of a block is (docs/api.md "What a blocker does not see"); search also
--    leaves out the yy of those who blocked the viewer, as an extra rule of its own;
--  * except `owner`'s: the space the viewer opened on purpose shows its owner's yy, blocked or not.
-- LANGUAGE sql, STABLE, one SELECT, no SET: PostgreSQL inlines it into the caller's query, so the
-- block check is a probe of the blocks primary key (viewer, author) per row, inside the caller's
-- index scan, never an array compared per row.
CREATE OR REPLACE FUNCTION visible_yy(p_viewer bigint, p_owner bigint DEFAULT NULL)
RETURNS SETOF yy
LANGUAGE sql STABLE
AS $$
  SELECT y.* FROM yy y
  WHERE y.removed_at IS NULL
    AND (y.uid = p_owner OR NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = p_viewer AND b.blocked_uid = y.uid))
$$;
