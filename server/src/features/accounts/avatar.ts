/**
 * The /api/api/avatar calls of docs/api.md (the doubled `api` is the original site's): uploading
 * one's own picture, and any user's picture for an <img> (public: it is a picture anyone's space
 * shows). Choosing a preset face instead is POST /api/user/updateface
 * (features/accounts/routes.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idInput } from '@xiaoba/shared/api-schemas';
import { AVATAR_SIZE } from '@xiaoba/shared/core';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { withPosterLock } from '../../data/post-limit';
import { takePostSlot } from '../../api/http/posting-limits';
import { findAvatar, replaceAvatar } from './queries';
import { ApiError, MSG, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { FAILURE, routeSchema, typed } from '../../api/http/openapi';
import { assertDiskRoom, DISK_FULL_MSG } from '../../uploads/disk-room';
import { processImage, UPLOAD_MSG } from '../../uploads/images';
import { MULTIPART_OPTIONS, readUploadedFile } from '../../uploads/multipart';
import { recordAvatarSize } from '../../uploads/queries';
import { assertStorageRoom } from '../../uploads/quota';
import { fileFromAvatarUrl, removeFiles, uploadUrl, writeStoredFile } from '../../uploads/store';
import type { UploadStorage } from '../../uploads/storage';

export interface AvatarRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
  storage: UploadStorage;
}

export const AVATAR_MSG = {
  uploaded: '头像上传成功',
  userNotFound: '用户不存在',
} as const;

/** `{uid}` of the picture's path: its schema and what its handler reads. */
const OWNER = idInput('uid', AVATAR_MSG.userNotFound, 'the user');

const tags: ['avatar'] = ['avatar'];
const SCHEMA = {
  get: routeSchema({
    summary: "A user's picture for an <img>: the upload, or a generated letter SVG (public)",
    tags,
    params: OWNER,
    produces: ['image/webp', 'image/svg+xml', 'application/json'],
    success: { type: 'string', format: 'binary', description: 'The picture (not an envelope); ETag, 304 on If-None-Match' },
    responses: { 304: { description: 'Not modified: the If-None-Match ETag is current (no body)', type: 'null' } },
  }),
  upload: routeSchema({
    summary: "Upload one's own avatar (same files and rules as POST /api/yy/upload; stored as a 256 px WebP square)",
    tags,
    auth: true,
    multipartFile: 'the picture, recognised by its content',
    responses: { 507: { ...FAILURE, description: `The server's disk is below DISK_FREE_FLOOR_MB: ${DISK_FULL_MSG}` } },
    data: typed('AvatarUploadData', { avatar: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' }, size: { type: 'integer' } }),
  }),
};

/** Short enough that a change shows soon; the ETag makes a revalidation a 304. */
export const AVATAR_CACHE = 'public, max-age=300';

/**
 * The circle colours of the browser's letter avatar (shared/src/ui/Avatar.tsx AVATAR_COLORS,
 * copied: the server does not import the UI). White text on each meets WCAG AA.
 */
const COLORS = ['#1f6fb2', '#c2185b', '#2e7d32', '#6a1b9a', '#b34700', '#00796b', '#5d4037', '#3949ab', '#ad1457', '#455a64'];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The default picture: a coloured circle with the name's first character, like the browser's. */
export function defaultAvatarSvg(uid: number, face: number, name: string): string {
  const n = Math.trunc(face || uid) || 0;
  const color = COLORS[((n % COLORS.length) + COLORS.length) % COLORS.length]!;
  const initial = escapeXml(Array.from(name.trim())[0] ?? '?');
  const s = AVATAR_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 2}" fill="${color}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" font-size="${Math.round(s * 0.46)}" ` +
    `font-weight="700" font-family="sans-serif">${initial}</text></svg>`
  );
}

/** Whether If-None-Match names `etag` (a list, or `*`; weak or strong). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

function sendCached(request: FastifyRequest, reply: FastifyReply, etag: string, type: string, body: () => Promise<Buffer | string>) {
  reply.header('etag', etag).header('cache-control', AVATAR_CACHE).header('x-content-type-options', 'nosniff');
  if (matches(request, etag)) return reply.code(304).send();
  return body().then((data) => reply.type(type).send(data));
}

export async function avatarRoutes(app: FastifyInstance, { config, pool, signer, storage }: AvatarRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };
  const { postLimits } = config;

  app.get('/:uid', { schema: SCHEMA.get }, async (request, reply) => {
    const { uid } = readInput(OWNER, request.params);
    const user = await findAvatar(pool, uid);
    if (!user) throw new ApiError(404, AVATAR_MSG.userNotFound);
    const file = fileFromAvatarUrl(user.avatar);
    if (file) {
      const stored = await storage.get(file).catch((err: unknown) => {
        request.log.warn({ err, uid, file }, 'reading the avatar failed');
        return null;
      });
      if (stored) {
        // The file name is random and never reused: it is the picture's identity.
        const etag = `"${file.slice(file.lastIndexOf('/') + 1, -'.webp'.length)}"`;
        reply.header('etag', etag).header('cache-control', AVATAR_CACHE).header('x-content-type-options', 'nosniff');
        if (matches(request, etag)) {
          stored.body.destroy();
          return reply.code(304).send();
        }
        return reply.type('image/webp').header('content-length', stored.size).send(stored.body);
      }
      request.log.warn({ uid, file }, 'avatar file missing: answering the default');
    }
    const svg = defaultAvatarSvg(uid, user.face, user.name);
    const etag = `"d-${createHash('sha256').update(svg).digest('hex').slice(0, 16)}"`;
    // Text only, no script or link; the CSP keeps it so even when opened on its own.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return sendCached(request, reply, etag, 'image/svg+xml; charset=utf-8', async () => svg);
  });

  // Multipart is parsed for this route only; every other route keeps the JSON-only, 16 KiB rule.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, MULTIPART_OPTIONS);

    scope.post('/upload', { ...auth, schema: SCHEMA.upload }, async (request) => {
      if (!request.isMultipart()) throw new ApiError(400, UPLOAD_MSG.noFile);
      const uid = request.uid;
      // The new picture replaces the current one: only the rest of the user's pictures count against it.
      const replacing = { replacingAvatar: true };
      // Counted with the yy pictures, before the file is read (a flood of refused files counts too).
      await withPosterLock(pool, uid, async (db) => {
        await takePostSlot(db, uid, 'upload', postLimits);
        // A user already at the quota is refused before the file is read; checked again below.
        await assertStorageRoom(db, config.storage, uid, 1, replacing);
      });
      const image = await processImage(await readUploadedFile(request), { square: AVATAR_SIZE });
      const size = image.data.length;
      await assertDiskRoom(config, size);
      const file = await writeStoredFile(storage, 'avatars', image.data);
      const avatar = uploadUrl(file);
      let previous: string;
      try {
        // Under the posting lock, like a yy upload's row: parallel writes of one user cannot both pass the quota.
        const result = await withPosterLock(pool, uid, async (db) => {
          await assertStorageRoom(db, config.storage, uid, size, replacing);
          const replaced = await replaceAvatar(db, uid, avatar);
          if (replaced) await recordAvatarSize(db, uid, size);
          return replaced;
        });
        if (!result) throw new ApiError(401, MSG.sessionExpired, 'refresh');
        previous = result.previous;
      } catch (error) {
        await removeFiles(storage, [file]);
        throw error;
      }
      const old = fileFromAvatarUrl(previous);
      if (old) await removeFiles(storage, [old]).catch((err: unknown) => request.log.warn({ err, old }, 'removing the old avatar failed'));
      return ok(AVATAR_MSG.uploaded, { avatar, width: image.width, height: image.height, size: image.data.length });
    });
  });
}
