/**
 * Who may load an album photo's file at /uploads/album/…: whoever may see the photo (the same rule
 * as the API, visible_album_photos), and moderators (the photo reported to them, removed or not).
 * The viewer of an <img> request is its page session (the `xb_page` cookie, api/auth/page-session.ts);
 * without one, signed out: public albums only. A yy picture or an avatar is not gated (null).
 */
import type { FastifyRequest } from 'fastify';
import { PAGE_COOKIE } from '../../api/auth/cookies';
import { readPageSession } from '../../api/auth/page-session';
import type { StandingCache } from '../../api/auth/standing';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Queryable } from '../../data/pool';

const ALBUM_FILE = /^album\/[0-9a-f]{32}\.webp$/;

export function albumFileGate(pool: Queryable, signer: TokenSigner, standings: StandingCache) {
  return async (file: string, request: FastifyRequest): Promise<boolean | null> => {
    if (!file.startsWith('album/')) return null;
    if (!ALBUM_FILE.test(file)) return false;
    const viewer = (await readPageSession(pool, signer, standings, request.cookies[PAGE_COOKIE]))?.uid ?? 0;
    const { rows } = await pool.query<{ allowed: boolean }>({
      name: 'album-file-visible',
      text: `SELECT EXISTS (
               SELECT 1 FROM uploads f JOIN album_photos p ON p.upload_id = f.id
                WHERE f.file = $2
                  AND (p.photo_id IN (SELECT v.photo_id FROM visible_album_photos($1) v WHERE v.photo_id = p.photo_id)
                       OR EXISTS (SELECT 1 FROM users m WHERE m.uid = $1 AND m.role = 'moderator'))) AS allowed`,
      values: [viewer, file],
    });
    return rows[0]!.allowed;
  };
}
