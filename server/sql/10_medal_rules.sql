-- medal_rules(uid, held): the one definition of the medals' rules (shared/src/core/medal.ts MEDALS).
-- For the user, one row per medal of the catalogue: when their data first satisfied its rule, or
-- NULL when it does not (yet). A medal named in `held` (the user has it already: it stays) answers
-- NULL without reading anything, so a write by a user who holds their medals costs nearly nothing. Only what the user made or was given counts: never visits,
-- logins or streaks. Each rule reads one index (index-only where the index allows):
-- - newbie: the first visible yy (yy_uid_ctime_idx);
-- - talent: the first diary entry not removed by a moderator (diaries_uid_ctime_idx) or the first
--   album (albums_uid_ctime_idx);
-- - popular: the follow that made the 10th fan (follows_fans_idx);
-- - friendship: the 5th mutual follow, each formed by the later of its two follows (the user's
--   follows by follows_follows_idx, the other way by the primary key);
-- - veteran: registered before 2015-12-26 (the old site's end), else the oldest verified imported
--   yy from before then (yy_verified_import_idx); unverified imports choose their own dates.
-- The numbers are shared/src/core/medal.ts's POPULAR_FANS, FRIENDSHIP_MUTUALS and VETERAN_BEFORE.
CREATE OR REPLACE FUNCTION medal_rules(p_uid bigint, held text[] DEFAULT '{}') RETURNS TABLE (medal text, satisfied_at timestamp(3))
LANGUAGE sql STABLE AS $$
  SELECT r.medal, CASE WHEN r.medal = ANY (held) THEN NULL ELSE r.satisfied_at END FROM (VALUES
    (1, 'newbie', CASE WHEN 'newbie' <> ALL (held) THEN
      (SELECT min(y.ctime) FROM yy y WHERE y.uid = p_uid AND y.removed_at IS NULL) END),
    (2, 'talent', CASE WHEN 'talent' <> ALL (held) THEN
      least((SELECT min(d.ctime) FROM diaries d WHERE d.uid = p_uid AND d.removed_at IS NULL),
            (SELECT min(a.ctime) FROM albums a WHERE a.uid = p_uid)) END),
    (3, 'popular', CASE WHEN 'popular' <> ALL (held) THEN
      (SELECT f.ctime FROM follows f WHERE f.followed_uid = p_uid ORDER BY f.ctime OFFSET 9 LIMIT 1) END),
    (4, 'friendship', CASE WHEN 'friendship' <> ALL (held) THEN (
      SELECT m.at FROM (
        SELECT greatest(f.ctime, b.ctime) AS at
          FROM follows f JOIN follows b ON b.uid = f.followed_uid AND b.followed_uid = f.uid
         WHERE f.uid = p_uid
      ) m ORDER BY m.at OFFSET 4 LIMIT 1) END),
    (5, 'veteran', CASE WHEN 'veteran' <> ALL (held) THEN (
      SELECT CASE WHEN u.ctime < '2015-12-26' THEN u.ctime
                  ELSE (SELECT min(y.ctime) FROM yy y WHERE y.uid = p_uid AND y.verified_import AND y.ctime < '2015-12-26') END
        FROM users u WHERE u.uid = p_uid) END)
  ) AS r (n, medal, satisfied_at)
  ORDER BY r.n
$$;
