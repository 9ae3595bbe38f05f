-- scrip_allows(writer, reader): whether `writer` may send `reader` a 小纸条 now; NULL when either
-- user does not exist. The one rule of who may write to whom (docs/api.md "小纸条"): the send
-- checks it in its transaction, and getuserinfo's `mayScrip` and a conversation page's answer it.
-- - `reader`'s setting `privacy_scrip`: 'nobody'; 'following': people the reader follows;
--   'mutual': people who also follow the reader;
-- - an adult writes to a minor only when both follow each other, whatever the minor chose: the age
--   is read here, at the time of the send (isMinor of shared/src/core/domain.ts: under 18 by the
--   whole date, or no birthday; `current_date` is UTC, the connections' time zone);
-- - a block either way refuses, and answers like a closed inbox (the caller cannot tell which).
-- Four primary-key probes (two of follows, two of blocks) on the two users' rows.
CREATE OR REPLACE FUNCTION scrip_allows(writer bigint, reader bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT r.uid <> w.uid
     AND r.privacy_scrip <> 'nobody'
     AND EXISTS (SELECT 1 FROM follows f WHERE f.uid = r.uid AND f.followed_uid = w.uid)
     AND (EXISTS (SELECT 1 FROM follows f WHERE f.uid = w.uid AND f.followed_uid = r.uid)
          OR (r.privacy_scrip = 'following'
              AND NOT ((r.birthday IS NULL OR r.birthday > current_date - interval '18 years')
                       AND w.birthday IS NOT NULL AND w.birthday <= current_date - interval '18 years')))
     AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = r.uid AND b.blocked_uid = w.uid)
     AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = w.uid AND b.blocked_uid = r.uid)
  FROM users r, users w
  WHERE r.uid = reader AND w.uid = writer
$$;
