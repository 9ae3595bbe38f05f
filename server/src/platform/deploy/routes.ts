/**
 * The publish API of the remotes (docs/api.md "Publishing a remote"), for sub-teams with a deploy
 * key (`X-Deploy-Key`; never a user's token): publish a build as a ZIP, list the versions, roll
 * back. Every check runs before anything is stored; a refusal changes nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from '../../data/pool';
import { ApiError, ok } from '../../api/http/errors';
import { routeSchema } from '../../api/http/openapi';
import type { UploadStorage } from '../../uploads/storage';
import { checkKey } from './keys';
import { checkPrerenderedPages, checkRoutesFile, checkServerEntry, contractOf, DeployRefusal, readBuildZip, type Contract } from './checks';
import type { RegistrySource } from './registry';
import { listVersions } from './queries';
import { publishVersion, rollback, type RemoteVersions } from './versions';

export interface DeployRoutesOptions {
  pool: Pool;
  storage: UploadStorage;
  registry: RegistrySource;
  versions: RemoteVersions;
  siteDir: string;
  /** DEPLOY_MAX_MB: the largest ZIP accepted. */
  maxMb: number;
}

export const DEPLOY_MSG = {
  published: '发布成功',
  listed: '获取成功',
  rolledBack: '回滚成功',
  unknownRemote: (remote: string) => `模块不存在：${remote} is not in the registry of remotes (remotes.config.json)`,
  tooLarge: (mb: number) => `文件过大：the ZIP is larger than DEPLOY_MAX_MB (${mb} MB)`,
  notZip: '请求格式不受支持：send the ZIP with Content-Type: application/zip',
  empty: '发布被拒绝：the upload is empty (send the ZIP of dist/ as the body)',
} as const;

const HEADER = 'x-deploy-key';
const tags: ['deploy'] = ['deploy'];
const REMOTE_PATTERN = '^[a-z][a-z0-9-]{0,39}$';
const VERSION_PATTERN = '^[0-9a-f]{12}$';
const remoteParams = {
  type: 'object',
  required: ['remote'],
  properties: { remote: { type: 'string', pattern: REMOTE_PATTERN, description: 'the remote as remotes.config.json names it (mf-auth, ...)' } },
};
const keyHeader =
  'Needs the header `X-Deploy-Key: xbd_<remote>_...` (npm run deploy-key -- create <remote> on the server): 401 without one, or with an unknown or revoked key; 403 with a key of another remote; 404 for a remote not in the registry.';
const PUBLISHED = {
  type: 'object',
  required: ['version', 'files', 'bytes', 'active'],
  properties: {
    version: { type: 'string', description: '12 hex digits: a hash of every path and content' },
    files: { type: 'integer' },
    bytes: { type: 'integer', description: 'all files together, uncompressed' },
    active: { type: 'boolean', enum: [true] },
  },
};

const SCHEMA = {
  publish: routeSchema({
    summary: 'Publish a build of one remote (a ZIP of its dist/) and make it the served version',
    description:
      `${keyHeader} The body is the ZIP itself (Content-Type: application/zip, at most DEPLOY_MAX_MB, default 20), holding remoteEntry.js and routes.json at its top. ` +
      'Refusals, all before anything is stored: 400 an unreadable or damaged ZIP, a path that is absolute, has .. or a backslash or NUL, a missing remoteEntry.js or routes.json, routes.json not JSON; ' +
      "413 the ZIP past DEPLOY_MAX_MB, a file over 5 MB, more than 2000 files; 409 routes.json's name not the registry's federation name, a route another remote owns, a prerendered page (prerender/pages.json) on a path that is not one of this remote's routes in the registry, a contract unlike the served shell's (the first difference named). " +
      'Publishing the same build again activates it again without storing anything.',
    tags,
    params: remoteParams,
    querystring: {
      type: 'object',
      properties: { commit: { type: 'string', pattern: '^[0-9a-f]{7,40}$', description: 'the git commit the build was made from (recorded, listed)' } },
    },
    data: PUBLISHED,
  }),
  versions: routeSchema({
    summary: 'The published versions of a remote, newest first',
    description: keyHeader,
    tags,
    params: remoteParams,
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['version', 'createdAt', 'commit', 'bytes', 'active'],
        properties: {
          version: { type: 'string' },
          createdAt: { type: 'string', description: 'ISO 8601' },
          commit: { type: 'string', nullable: true },
          bytes: { type: 'integer' },
          active: { type: 'boolean' },
        },
      },
    },
  }),
  rollback: routeSchema({
    summary: 'Serve another published version of a remote: the given one, or the one published before the active one',
    description: `${keyHeader} 404 for an unknown version; 409 when there is nothing before the active version (or nothing published).`,
    tags,
    params: remoteParams,
    body: {
      type: 'object',
      nullable: true,
      properties: {
        version: { type: 'string', pattern: VERSION_PATTERN, description: 'a version of GET .../versions; absent: the one before the active one' },
      },
    },
    data: {
      type: 'object',
      required: ['version', 'previous'],
      properties: { version: { type: 'string', description: 'now active' }, previous: { type: 'string', nullable: true, description: 'active before' } },
    },
  }),
};

type RemoteRequest = FastifyRequest<{ Params: { remote: string } }>;

const headerValue = (request: FastifyRequest): string | undefined => {
  const v = request.headers[HEADER];
  return Array.isArray(v) ? v[0] : v;
};

export async function deployRoutes(app: FastifyInstance, options: DeployRoutesOptions): Promise<void> {
  const { pool, storage, registry, versions, siteDir, maxMb } = options;
  const maxBytes = maxMb * 1024 * 1024;

  app.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));

  /** The key, then the registry; throws the refusal. Cached on the request (checked before the body, again in the handler). */
  const authorised = new WeakSet<FastifyRequest>();
  async function authorise(request: RemoteRequest) {
    const remote = request.params.remote;
    if (!authorised.has(request)) {
      const key = await checkKey(pool, headerValue(request), remote);
      if (!key.ok) throw new ApiError(key.status, `部署密钥无效：${key.msg}`);
      authorised.add(request);
      (request as RemoteRequest & { deployKeyId?: number }).deployKeyId = key.id;
    }
    const reg = await registry.load();
    const def = reg.remotes.find((r) => r.name === remote);
    if (!def) throw new ApiError(404, DEPLOY_MSG.unknownRemote(remote));
    return { reg, def, keyId: (request as RemoteRequest & { deployKeyId?: number }).deployKeyId! };
  }

  const refusal = (error: unknown): never => {
    if (error instanceof DeployRefusal) throw new ApiError(error.statusCode, error.message);
    throw error;
  };

  /** The served shell's contract (shell/dist/contract.json), or null when it has none. */
  async function shellContract(): Promise<Contract | null> {
    const text = await readFile(path.join(siteDir, 'shell', 'dist', 'contract.json'), 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      return contractOf(JSON.parse(text));
    } catch {
      return null;
    }
  }

  app.post<{ Params: { remote: string }; Querystring: { commit?: string } }>(
    '/:remote',
    {
      schema: SCHEMA.publish,
      // A ZIP is read only for a caller whose key is good: a stranger cannot make the server take 20 MB.
      preParsing: async (request) => {
        if (!String(request.headers['content-type'] ?? '').startsWith('application/zip')) return;
        await authorise(request as RemoteRequest);
        // Said before reading when the client announces the size (Fastify's own limit stops the rest).
        if (Number(request.headers['content-length']) > maxBytes) throw new ApiError(413, DEPLOY_MSG.tooLarge(maxMb));
      },
    },
    async (request) => {
      const { def, reg, keyId } = await authorise(request);
      if (request.body === undefined || request.body === null || (Buffer.isBuffer(request.body) && request.body.length === 0)) {
        throw new ApiError(400, DEPLOY_MSG.empty);
      }
      if (!Buffer.isBuffer(request.body)) throw new ApiError(415, DEPLOY_MSG.notZip);
      try {
        const build = await readBuildZip(request.body);
        const routesFile = build.files.find((f) => f.path === 'routes.json')!;
        const routes = checkRoutesFile(routesFile.data, def, reg, await shellContract());
        const { contract } = routes;
        checkPrerenderedPages(build.files, def, reg);
        checkServerEntry(build.files, routes);
        const result = await publishVersion(pool, storage, { remote: def.name, files: build.files, contract, commit: request.query.commit ?? null, keyId });
        versions.invalidate();
        request.log.info({ remote: def.name, version: result.version, files: result.files, bytes: result.bytes, existed: result.existed }, 'remote published');
        return ok(DEPLOY_MSG.published, { version: result.version, files: result.files, bytes: result.bytes, active: result.active });
      } catch (error) {
        return refusal(error);
      }
    },
  );

  app.get<{ Params: { remote: string } }>('/:remote/versions', { schema: SCHEMA.versions }, async (request) => {
    const { def } = await authorise(request);
    return ok(DEPLOY_MSG.listed, await listVersions(pool, def.name));
  });

  app.post<{ Params: { remote: string }; Body: { version?: string } | null | undefined }>('/:remote/rollback', { schema: SCHEMA.rollback }, async (request) => {
    const { def } = await authorise(request);
    try {
      const result = await rollback(pool, def.name, request.body?.version);
      versions.invalidate();
      request.log.info({ remote: def.name, ...result }, 'remote rolled back');
      return ok(DEPLOY_MSG.rolledBack, result);
    } catch (error) {
      return refusal(error);
    }
  });
}
