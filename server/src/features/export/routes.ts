/**
 * Own your data (docs/api.md "Export, import and archive"): preparing an export (its exact size
 * known in advance), downloading it once with a ticket, following its progress, and importing it
 * back (export/import/). Exports work in archive mode too; the import does not (api/http/archive.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSkinId } from '@xiaoba/shared/core';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { withTransaction, type Pool, type PoolClient } from '../../data/pool';
import { lockUser } from '../accounts';
import { ApiError, ok } from '../../api/http/errors';
import { routeSchema, typed } from '../../api/http/openapi';
import { readExportData } from './data';
import { emojiCodesOf, renderIndexHtml } from './html';
import { importExport, IMPORT_KINDS, IMPORT_MSG, openExport, withImportLock } from './import';
import { exportKey, SIGNATURE_FILE, signData } from './signature';
import {
  claimTicket,
  downloadRunning,
  insertTicket,
  newTicket,
  peekTicket,
  preparedWithinHour,
  readProgress,
  recordProgress,
  retireOldTickets,
  ticketHash,
} from './tickets';
import { buildZip, zipSize, type ZipPlan, type ZipPlanFile } from './zip';
import type { UploadStorage } from '../../uploads/storage';

export interface ExportRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
  storage: UploadStorage;
}

export const EXPORT_MSG = {
  prepared: '导出已准备好',
  running: '已经有一个导出正在进行，请等它完成',
  tooOften: '导出太频繁了，请一小时后再试',
  expired: '导出链接已失效，请重新导出',
  badSkin: '皮肤不存在',
  progress: '获取成功',
} as const;

/** Progress is written to PostgreSQL at most this often (the client polls it). */
const PROGRESS_INTERVAL_MS = 250;

/** `YYYYMMDD` of a moment in Beijing time (the site's audience), for the ZIP's names. */
export function exportDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
}

export const exportFolder = (uid: number, at: Date) => `xiaoba-${uid}-${exportDate(at)}`;

const tags: ['export'] = ['export'];
const ticketParams = {
  type: 'object',
  required: ['ticket'],
  properties: { ticket: { type: 'string', maxLength: 100, description: 'the ticket prepare answered (43 characters, base64url)' } },
};
const skinValue = {
  type: 'string',
  maxLength: 20,
  pattern: '^[a-z]*$',
  description: "the skin of the offline page: '' (default), goldchild, pinkcat, moon, town, dodo or rain",
  'x-msg': EXPORT_MSG.badSkin,
};
const counts = (what: string) => typed(`ImportCounts (${what})`, Object.fromEntries(IMPORT_KINDS.map((k) => [k, { type: 'integer' }])));

const SCHEMA = {
  prepare: routeSchema({
    summary: "Prepare an export of one's own data: a one-time download ticket and the exact ZIP size",
    description: 'Refusals: 409 while another export of the user is downloading; 429 past EXPORT_PER_HOUR. Works in archive mode.',
    tags,
    auth: true,
    querystring: { type: 'object', properties: { skin: skinValue } },
    body: { type: 'object', nullable: true, description: 'optional; `skin` may also be given in the query', properties: { skin: skinValue } },
    data: typed('ExportTicket', {
      ticket: { type: 'string' },
      size: { type: 'integer', description: 'the ZIP in bytes: the Content-Length of the download' },
      posts: { type: 'integer' },
      images: { type: 'integer' },
    }),
  }),
  download: routeSchema({
    summary: 'Download a prepared export (no bearer: the ticket is a one-time, 10-minute secret)',
    tags,
    params: ticketParams,
    produces: ['application/zip', 'application/json'],
    success: { type: 'string', format: 'binary', description: 'The ZIP (not an envelope), with Content-Length' },
  }),
  progress: routeSchema({
    summary: 'How much of an export download the server has sent',
    tags,
    auth: true,
    params: ticketParams,
    data: typed('ExportProgress', { sent: { type: 'integer' }, size: { type: 'integer' }, done: { type: 'boolean' } }),
  }),
  import: routeSchema({
    summary: "Import one's own export ZIP (same account): restores what is not here yet, reports what cannot be restored",
    tags,
    auth: true,
    multipartFile: 'the export ZIP, at most IMPORT_MAX_MB',
    data: typed('ImportReport', {
      created: counts('created now'),
      skipped: counts('already here'),
      unrestorable: { type: 'array', items: { type: 'object', properties: { kind: { type: 'string' }, id: {}, reason: { type: 'string' } } } },
    }),
  }),
};

export async function exportRoutes(app: FastifyInstance, { config, pool, signer, storage }: ExportRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = requireUser(signer);
  const emojiDir = path.join(config.siteDir, 'shared', 'dist', 'emoji');
  const key = await exportKey(pool, config);

  /** The ZIP's plan for one user: data.json, index.html, pictures, avatar and the emoji used. */
  async function plan(db: Parameters<typeof readExportData>[0], uid: number, skin: string, at: Date): Promise<ZipPlan | null> {
    const read = await readExportData(db, uid, at);
    if (!read) return null;
    const { data, pictures, avatarKey } = read;
    const files: ZipPlanFile[] = pictures.map((p) => ({ name: p.name, source: 'storage', key: p.key, size: p.size }));
    if (avatarKey) {
      const stored = await storage.get(avatarKey);
      if (stored) {
        stored.body.destroy();
        files.push({ name: data.user.avatar, source: 'storage', key: avatarKey, size: stored.size });
      } else {
        data.user.avatar = ''; // the file is gone: the export shows the preset face
      }
    }
    const emoji = new Set<string>();
    for (const code of [...emojiCodesOf(data)].sort()) {
      const svg = await readFile(path.join(emojiDir, `${code}.svg`)).catch(() => null);
      if (!svg) continue; // shared not built: the page shows the emoji's name instead
      emoji.add(code);
      files.push({ name: `emoji/${code}.svg`, source: 'inline', key: `${code}.svg`, size: svg.length, data: svg.toString('base64') });
    }
    const dataJson = Buffer.from(JSON.stringify(data, null, 1) + '\n');
    const signature = Buffer.from(signData(key, dataJson));
    files.push({ name: SIGNATURE_FILE, source: 'inline', key: SIGNATURE_FILE, size: signature.length, data: signature.toString('base64') });
    return {
      folder: exportFolder(uid, at),
      mtime: at,
      dataJson,
      indexHtml: Buffer.from(renderIndexHtml(data, skin, emoji)),
      files,
    };
  }

  app.post<{ Querystring: { skin?: string }; Body: { skin?: string } | undefined }>(
    '/prepare',
    { preValidation: auth, schema: SCHEMA.prepare },
    async (request) => {
      const skin = request.body?.skin ?? request.query.skin ?? '';
      if (!isSkinId(skin)) throw new ApiError(400, EXPORT_MSG.badSkin);
      const uid = request.uid;
      const ticket = newTicket();
      // Reading a large space may take longer than the site's usual statement bound.
      const result = await withTransaction(
        pool,
        async (db) => {
          // One user's prepares are serialised: the checks below cannot be raced past.
          if (!(await lockUser(db, uid))) throw new ApiError(401, '登录已过期，请重新登录', 'refresh');
          if (await downloadRunning(db, uid)) throw new ApiError(409, EXPORT_MSG.running);
          if (config.exportPerHour > 0 && (await preparedWithinHour(db, uid)) >= config.exportPerHour) {
            throw new ApiError(429, EXPORT_MSG.tooOften);
          }
          await retireOldTickets(db, uid);
          // Milliseconds: the column's precision, so the ZIP's entries get the same time at download.
          const zipPlan = (await plan(db, uid, skin, new Date()))!;
          const size = await zipSize(zipPlan);
          await insertTicket(db, ticketHash(ticket)!, uid, zipPlan, size);
          const data = JSON.parse(zipPlan.dataJson.toString()) as { yy: unknown[] };
          return { size, posts: data.yy.length, images: zipPlan.files.filter((f) => f.name.startsWith('images/')).length };
        },
        { statementMs: config.db.longStatementMs },
      );
      return ok(EXPORT_MSG.prepared, { ticket, ...result });
    },
  );

  // No bearer: the browser downloads with a plain link. The ticket is the secret (one use, 10 minutes).
  app.get<{ Params: { ticket: string } }>('/download/:ticket', { schema: SCHEMA.download, compress: false }, async (request, reply) => {
    const hash = ticketHash(request.params.ticket);
    const headers = (uid: number, size: number, mtime: Date) =>
      reply
        .type('application/zip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${exportFolder(uid, mtime)}.zip"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
    // A HEAD (download managers, link previews) must not use up the one-time ticket.
    if (request.method === 'HEAD') {
      const peeked = hash ? await peekTicket(pool, hash) : null;
      if (!peeked) throw new ApiError(404, EXPORT_MSG.expired);
      // An (empty) stream: Fastify's HEAD handling then keeps our Content-Length instead of 0.
      return headers(peeked.uid, peeked.size, peeked.mtime).send(Readable.from([]));
    }
    const claimed = hash ? await claimTicket(pool, hash, exportFolder) : null;
    if (!hash || !claimed) throw new ApiError(404, EXPORT_MSG.expired);
    const { zip, size } = buildZip(claimed.plan, { storage });
    if ((await size) !== claimed.size) throw new Error('export size changed between prepare and download');

    let sent = 0;
    let lastWrite = Date.now();
    let writing: Promise<void> = Promise.resolve();
    let finished = false;
    const save = (end: 'done' | 'failed' | null) => {
      const at = sent;
      writing = writing.then(() => recordProgress(pool, hash, at, end)).catch((err: unknown) => request.log.warn({ err }, 'recording export progress failed'));
    };
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sent += chunk.length;
        if (Date.now() - lastWrite >= PROGRESS_INTERVAL_MS) {
          lastWrite = Date.now();
          save(null);
        }
        done(null, chunk);
      },
      flush(done) {
        finished = true;
        save('done');
        // The last bytes go out once `done` is recorded: whoever saw the download end reads done.
        void writing.then(() => done());
      },
    });
    zip.on('error', (err: unknown) => {
      request.log.error({ err, uid: claimed.uid }, 'export download failed');
      counter.destroy(err as Error);
    });
    reply.raw.on('close', () => {
      if (!finished) save('failed');
    });
    (zip.outputStream as NodeJS.ReadableStream).pipe(counter);
    return headers(claimed.uid, claimed.size, claimed.plan.mtime).send(counter);
  });

  app.get<{ Params: { ticket: string } }>('/progress/:ticket', { preValidation: auth, schema: SCHEMA.progress }, async (request) => {
    const hash = ticketHash(request.params.ticket);
    const progress = hash ? await readProgress(pool, hash, request.uid) : null;
    if (!progress) throw new ApiError(404, EXPORT_MSG.expired);
    return ok(EXPORT_MSG.progress, progress);
  });
}

/**
 * `POST /api/import` (registered at /api): one export ZIP as the multipart field `file`, at most
 * IMPORT_MAX_MB. The upload goes to a temporary file (never whole in memory) before any database
 * connection is taken, is checked whole (export/import/), then restored in one transaction; the
 * temporary file is always removed.
 */
export async function importRoutes(app: FastifyInstance, { config, pool, signer, storage }: ExportRoutesOptions): Promise<void> {
  const maxBytes = config.importMaxMb * 1024 * 1024;
  const key = await exportKey(pool, config);
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 } });

    scope.post('/import', { preValidation: requireUser(signer), schema: SCHEMA.import }, async (request) => {
      if (!request.isMultipart()) throw new ApiError(400, IMPORT_MSG.noFile);
      // The upload is read whole before the import's lock (a pool connection) is taken: a client
      // trickling its bytes holds no connection meanwhile.
      const file = await receiveUpload(request);
      try {
        return await withImportLock(pool, request.uid, (db) => importFile(request, file, db));
      } finally {
        await rm(file, { force: true });
      }
    });

    /** Reads the upload into a new temporary file and returns its path; removes it when refused. */
    async function receiveUpload(request: FastifyRequest): Promise<string> {
      const file = path.join(tmpdir(), `xb-import-${randomBytes(12).toString('hex')}.zip`);
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new ApiError(400, IMPORT_MSG.noFile);
        }
        await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
        if (part.file.truncated) throw new ApiError(413, IMPORT_MSG.tooLarge(config.importMaxMb));
        return file;
      } catch (error) {
        await rm(file, { force: true });
        if (error instanceof ApiError) throw error;
        if ((error as { statusCode?: number }).statusCode === 413) throw new ApiError(413, IMPORT_MSG.tooLarge(config.importMaxMb));
        throw new ApiError(400, IMPORT_MSG.noFile);
      }
    }

    /** Checks the uploaded file and imports it. */
    async function importFile(request: FastifyRequest, file: string, db: PoolClient) {
      const info = await stat(file);
      if (info.size === 0) throw new ApiError(400, IMPORT_MSG.noFile);
      const opened = await openExport(file, key);
      try {
        const { report } = await importExport(db, storage, request.uid, opened, config);
        request.log.info({ uid: request.uid, created: report.created, unrestorable: report.unrestorable.length }, 'export imported');
        return ok(IMPORT_MSG.imported, report);
      } finally {
        opened.close();
      }
    }
  });
}
