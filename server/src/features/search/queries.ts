/**
 * SQL for search (migration 020; docs/api.md "Search",
 * docs/adr/0015-chinese-search.md). Both reads take the query already normalised by
 * normalizeSearchQuery (shared/src/core/search.ts) and answer a page's records with a `total` that
 * is exact only on the last page: while more follow it is the page's end plus one.
 */
import type { SearchUser, Yy } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { yyList, type YyListRow } from '../yy';
import { listedCardJson } from '../../data/user-card';

export interface SearchPage<T> {
  total: number;
  records: T[];
}

/** A query that can be a 米米号: digits only, written plainly (as ids are everywhere). */
const UID_QUERY = /^[1-9][0-9]{0,14}$/;

/**
 * Users for `viewer`, one round trip: the user whose 米米号 is exactly `q` first (whatever their
 * privacy and blocks: their space opens to anyone who types the number), then the users whose
 * nickname holds `q`, only those with `findable` and neither blocking nor blocked by the viewer:
 * the nickname equal to `q` first, then starting with it, then any; among those more fans first,
 * then the older account (smaller 米米号). Banned users are not left out (the site shows their
 * spaces and yy as before).
 */
export async function searchUsers(db: Queryable, viewer: number, q: string, limit: number, offset: number): Promise<SearchPage<SearchUser>> {
  const exactUid = UID_QUERY.test(q) ? Number(q) : null;
  const { rows } = await db.query<{ n: number; records: SearchUser[] }>(
    `WITH c AS (
       SELECT x.uid, x.rank, row_number() OVER (ORDER BY x.rank, x.fans DESC, x.uid) AS ord FROM (
         SELECT u.uid, 0 AS rank, u.fans FROM users u WHERE u.uid = $3::bigint
         UNION ALL
         SELECT u.uid, CASE WHEN f.name = $2 THEN 1 WHEN starts_with(f.name, $2) THEN 2 ELSE 3 END, u.fans
         FROM users u CROSS JOIN LATERAL (SELECT search_fold(u.name) AS name) f
         WHERE search_grams(u.name) @> search_query_grams($2) AND strpos(f.name, $2) > 0 AND u.findable
           AND u.uid IS DISTINCT FROM $3::bigint
           AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = $1 AND b.blocked_uid = u.uid)
           AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = u.uid AND b.blocked_uid = $1)
       ) x
       ORDER BY x.rank, x.fans DESC, x.uid LIMIT $4
     )
     SELECT (SELECT count(*) FROM c)::int AS n,
            coalesce((SELECT json_agg(json_build_object(
                ${listedCardJson('u', '$1')},
                'exact', c.rank = 0) ORDER BY c.ord)
              FROM c JOIN users u ON u.uid = c.uid WHERE c.ord > $5 AND c.ord <= $5 + $6), '[]'::json) AS records`,
    [viewer, q, exactUid, offset + limit + 1, offset, limit],
  );
  const r = rows[0]!;
  return { total: r.n, records: r.records };
}

/**
 * Yy for `viewer`, newest first, in the feeds' `Yy` shape, one round trip: the function
 * search_yy_list_page (server/sql/30_search_yy_list_page.sql): what visible_yy hides from the viewer is
 * hidden here too (removed yy, the yy of users the viewer blocked, and their words as a repost's
 * source), and also the yy of users who blocked the viewer; comment counts as the feeds count them.
 */
export async function searchYy(db: Queryable, viewer: number, q: string, limit: number, offset: number): Promise<SearchPage<Yy>> {
  const { rows } = await db.query<YyListRow>({
    name: 'search-yy-list-page',
    text: 'SELECT * FROM search_yy_list_page($1, $2, $3, $4) WITH ORDINALITY ORDER BY ordinality',
    values: [viewer, q, limit, offset],
  });
  return yyList(rows);
}
