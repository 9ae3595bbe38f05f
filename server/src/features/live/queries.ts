/** The live updates' reads (hub.ts): what the hub needs of the follows and blocks. */
import type { Queryable } from '../../data/pool';

/** Of `uids` (the connected users), who follows `author`, and who is on either side of a block with them. */
export interface YyAudience {
  following: Set<number>;
  blocked: Set<number>;
}

/** One statement, kept as one plan per connection. */
export async function yyAudience(db: Queryable, author: number, uids: number[]): Promise<YyAudience> {
  const { rows } = await db.query<{ uid: number; rel: 'f' | 'b' }>({
    name: 'live-yy-audience',
    text: `SELECT f.uid, 'f' AS rel FROM follows f WHERE f.followed_uid = $1 AND f.uid = ANY($2::bigint[])
           UNION ALL SELECT b.uid, 'b' FROM blocks b WHERE b.blocked_uid = $1 AND b.uid = ANY($2::bigint[])
           UNION ALL SELECT b.blocked_uid, 'b' FROM blocks b WHERE b.uid = $1 AND b.blocked_uid = ANY($2::bigint[])`,
    values: [author, uids],
  });
  const audience: YyAudience = { following: new Set(), blocked: new Set() };
  for (const r of rows) (r.rel === 'f' ? audience.following : audience.blocked).add(Number(r.uid));
  return audience;
}
