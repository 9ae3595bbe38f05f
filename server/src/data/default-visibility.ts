/**
 * The visibility a new 日志 entry or 相册 takes when its body leaves it empty: the owner's default
 * (defaultVisibility: 'mutual' for a minor or an unknown birthday, else 'public'), filled in before
 * the schema check so that the check sees one of the four.
 */
import { defaultVisibility } from '@xiaoba/shared/core';
import type { Queryable } from './pool';

/** The birthday of `uid` as 'YYYY-MM-DD' ('' when none); null when there is no such user. */
export async function ownerBirthday(db: Queryable, uid: number): Promise<string | null> {
  const { rows } = await db.query<{ birthday: string }>(`SELECT coalesce(to_char(birthday, 'YYYY-MM-DD'), '') AS birthday FROM users WHERE uid = $1`, [uid]);
  return rows[0]?.birthday ?? null;
}

/** Whether a write body leaves its visibility to the owner: an object whose visibility is absent or ''. */
function leavesVisibility(body: unknown): body is object {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { visibility } = body as { visibility?: unknown };
  return visibility === undefined || visibility === '';
}

/** The body with an absent or empty visibility set to the default of an owner born on `birthday`; anything else as it came. */
export function withDefaultVisibility(body: unknown, birthday: string | null): unknown {
  return leavesVisibility(body) ? { ...body, visibility: defaultVisibility(birthday) } : body;
}

/** withDefaultVisibility with the birthday of `uid`, read only when the body leaves the visibility empty. */
export async function withOwnerDefaultVisibility(db: Queryable, uid: number, body: unknown): Promise<unknown> {
  return leavesVisibility(body) ? withDefaultVisibility(body, await ownerBirthday(db, uid)) : body;
}
