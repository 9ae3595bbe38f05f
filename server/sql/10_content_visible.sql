-- content_visible(viewer, owner, visibility): whether `viewer` (0 or NULL: signed out) may see an
-- item of `owner`'s that carries one of the four visibilities of a diary entry or an album
-- (shared/src/core/visibility.ts). The one rule every read of a diary entry, an album or a photo
-- goes through (lists, one item, search, comments, a photo's file), so none can forget a case:
--  * the owner sees everything of their own;
--  * 'public': everyone, signed out too;
--  * 'followers': users who follow the owner (the owner's fans);
--  * 'mutual': users who follow the owner and whom the owner follows back;
--  * 'self': nobody else.
-- A block removes the follows between the two users (features/safety), so a blocked user is no
-- fan; a public item stays readable to them, like the owner's yy in the space they open on purpose,
-- so the block is not revealed. What the viewer may write (comments) is the write rule's, not this.
-- LANGUAGE sql, STABLE, one expression: PostgreSQL inlines it, so 'followers' and 'mutual' cost
-- primary-key probes of follows only for the rows that need them.
CREATE OR REPLACE FUNCTION content_visible(p_viewer bigint, p_owner bigint, p_visibility text) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p_visibility = 'public'
      OR (p_viewer IS NOT NULL AND p_viewer > 0 AND (
            p_viewer = p_owner
         OR (p_visibility = 'followers' AND EXISTS (SELECT 1 FROM follows f WHERE f.uid = p_viewer AND f.followed_uid = p_owner))
         OR (p_visibility = 'mutual'
             AND EXISTS (SELECT 1 FROM follows f WHERE f.uid = p_viewer AND f.followed_uid = p_owner)
             AND EXISTS (SELECT 1 FROM follows f WHERE f.uid = p_owner AND f.followed_uid = p_viewer))))
$$;
