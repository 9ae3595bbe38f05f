/**
 * The OpenAPI document of /api (GET /api/openapi.json, @fastify/swagger) and the pieces the route
 * files build their schemas from.
 *
 * The route schemas are the API's structural contract: types of body fields, the shape of query
 * and path values. They are checked by Fastify before the handler and never change what the
 * handler sees (no coercion, no defaults, no removed fields; AJV_CUSTOM_OPTIONS), so the handlers'
 * shared valibot rules stay the one source of the spec's messages and of every finer rule
 * (lengths, ranges, order of checks). A failed schema check answers 400 with the failing field's
 * `x-msg` (the same message the handler gives for that field) or `请求参数有误`
 * (errors.ts validationMessage). docs/api.md "OpenAPI document and validation" says why.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { PAGE_QUERY_ERROR, SKINS } from '@xiaoba/shared/core';
import { isApiPath } from '../api/http/errors';

/**
 * Ajv as a pure check: Fastify's defaults would coerce types ('1e3' to 1000, ['1'] to '1'), fill
 * in defaults and drop unknown fields, so the handler would see something other than what was
 * sent and the shared rules (which read query values as strings) would answer differently.
 * `x-msg` is our annotation (the message for a field), not a check.
 */
export const AJV_CUSTOM_OPTIONS: { coerceTypes: false; useDefaults: false; removeAdditional: false; allErrors: false; keywords: string[] } = {
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  allErrors: false,
  keywords: ['x-msg'],
};

type Json = Record<string, unknown>;

/** An id in a path or query: what parseQueryId accepts (plain positive integer, at most 15 digits). */
export const ID_PATTERN = '^[1-9]\\d{0,14}$';
/** pageNum and pageSize: what parsePageQuery accepts before its cap. */
const PAGE_PATTERN = '^[1-9]\\d{0,8}$';

/** The `{code, msg}` of every failure. */
export const FAILURE = {
  type: 'object',
  description: 'A failure: `code` mirrors the HTTP status, `msg` is a Chinese sentence to show the user.',
  required: ['code', 'msg'],
  additionalProperties: false,
  properties: {
    code: { type: 'integer', minimum: 400, maximum: 599 },
    msg: { type: 'string' },
  },
} as const;

/** The success envelope `{code: 200, msg, data?}`; `data` described by the route (absent: no data). */
export function envelope(data?: Json, description = 'Success'): Json {
  const properties: Json = { code: { type: 'integer', enum: [200] }, msg: { type: 'string', description: 'Chinese, shown to the user' } };
  if (data) properties.data = data;
  return { type: 'object', description, required: data ? ['code', 'msg', 'data'] : ['code', 'msg'], properties };
}

const INT = { type: 'integer' } as const;
const STR = { type: 'string' } as const;
const SEX = { type: 'integer', enum: [0, 1], description: '0 girl, 1 boy' } as const;
const FACE = { type: 'integer', minimum: 0, description: 'the preset face code (0 the letter circle)' } as const;
const AVATAR = { type: 'string', description: "the uploaded picture's URL, '' when none (then the face is shown)" } as const;
const TIME = { type: 'integer', description: 'unix seconds' } as const;
const SKIN = { type: 'string', enum: SKINS.map((s) => s.id) } as const;

/** An object type of shared/src/core/api-types.ts: every listed field is always present. */
const object = (name: string, properties: Json, extra: Json = {}): Json => ({
  type: 'object',
  description: `${name} (shared/src/core/api-types.ts)`,
  required: Object.keys(properties),
  properties,
  ...extra,
});

const USER_INFO = {
  uid: INT,
  name: STR,
  email: STR,
  babadou: INT,
  experience: INT,
  qianming: STR,
  qm: STR,
  sex: SEX,
  follows: INT,
  fans: INT,
  face: FACE,
  avatar: AVATAR,
  ctime: TIME,
  skin: SKIN,
  birthday: { type: 'string', description: "YYYY-MM-DD or ''" },
  lastTime: TIME,
  sign: { type: 'integer', description: '0 when the profile is complete' },
};
const IMAGE_DATA = object(
  'ImageData',
  {
    type: { type: 'string', enum: ['image'] },
    data: { type: 'array', items: { type: 'object', required: ['url'], properties: { url: STR } } },
  },
  { nullable: true },
);
const LEAVE_REPLY = object('LeaveReply', { id: INT, leaveId: INT, uid: INT, username: STR, face: FACE, avatar: AVATAR, content: STR, ctime: TIME });
const VISITOR = object('Visitor', { visitedId: INT, uid: INT, username: STR, face: FACE, avatar: AVATAR, ctime: TIME });

/** A type with fields that are present only in some answers (issue 17's additions). */
const withOptional = (schema: Json, optional: Json): Json => ({ ...schema, properties: { ...(schema.properties as Json), ...optional } });
const BOOL = { type: 'boolean' } as const;
const WHO_MAY_WRITE = { type: 'string', enum: ['everyone', 'me'], description: "everyone, or 'me': the owner only" } as const;
const FAN_NOTICE = object('FanNotice', {
  uid: INT,
  username: STR,
  face: FACE,
  avatar: AVATAR,
  ctime: TIME,
  unread: BOOL,
  following: { type: 'boolean', description: 'the caller follows them back' },
});
/** A user in a list of users (follows, fans, search results) and how they and the caller follow each other. */
const LISTED_USER = {
  uid: INT,
  name: STR,
  face: FACE,
  avatar: AVATAR,
  qianming: STR,
  following: { type: 'boolean', description: 'the caller follows them' },
  followsMe: { type: 'boolean', description: 'they follow the caller' },
};

/**
 * The answers' types, as the route schemas document them. Checked against real answers by
 * fuzz.test.ts (every 200 it gets), so they cannot drift from the code unnoticed.
 */
const TYPES: Record<string, Json> = {
  UserInfo: object('UserInfo', USER_INFO),
  LoginData: object('LoginData', {
    ...USER_INFO,
    token: { type: 'string', description: 'the access token' },
    username: { type: 'string', description: 'the nickname' },
  }),
  SpaceUser: withOptional(
    object('SpaceUser', {
      uid: INT,
      uname: STR,
      sex: SEX,
      ctime: TIME,
      qianming: STR,
      qm: STR,
      follows: INT,
      fans: INT,
      experience: INT,
      face: FACE,
      avatar: AVATAR,
      leaves: { type: 'integer', description: 'messages on the board' },
      birthday: STR,
      skin: SKIN,
    }),
    {
      lastTime: { ...TIME, description: 'last login, unix seconds (0: never); absent when the owner hides it from others (privacy showLastLogin)' },
      blocked: { type: 'boolean', description: "the caller blocked this user (absent on one's own space)" },
      mayComment: { type: 'boolean', description: 'the owner lets the caller comment on their yy (block, privacy)' },
      mayLeave: { type: 'boolean', description: 'the owner lets the caller write on their board (block, privacy)' },
      mayFollow: { type: 'boolean', description: 'the owner lets the caller start following them (block, privacy)' },
      mayRepost: { type: 'boolean', description: 'the owner lets the caller repost their yy (block, privacy)' },
      following: { type: 'boolean', description: "the caller follows this user (issue 18; absent on one's own space)" },
    },
  ),
  Yy: object('Yy', {
    weiboId: INT,
    uid: INT,
    userName: STR,
    face: FACE,
    avatar: AVATAR,
    content: STR,
    ctime: TIME,
    transpondId: { type: 'integer', description: '0 for an original' },
    sourceWid: INT,
    sourceUid: INT,
    sourceName: STR,
    sourceContent: STR,
    sourceCtime: INT,
    sourceComment: INT,
    sourceDeleted: { type: 'boolean' },
    comment: INT,
    typeData: IMAGE_DATA,
    sourceTData: IMAGE_DATA,
  }),
  YyComment: object('YyComment', {
    commentId: INT,
    weiboId: INT,
    uid: INT,
    username: STR,
    face: FACE,
    avatar: AVATAR,
    content: STR,
    ctime: TIME,
    replyCommentId: INT,
    replyUid: INT,
    replyUsername: STR,
  }),
  LeaveReply: LEAVE_REPLY,
  LeaveMessage: object('LeaveMessage', {
    id: INT,
    fuid: INT,
    uid: INT,
    username: STR,
    face: FACE,
    avatar: AVATAR,
    content: STR,
    ctime: TIME,
    replies: { type: 'array', items: LEAVE_REPLY },
  }),
  Visitor: VISITOR,
  VisitorList: withOptional(object('VisitorList', { data: { type: 'array', items: VISITOR }, total: INT }), {
    hidden: { type: 'boolean', enum: [true], description: 'the owner hides their visitors from others: data is [] (never for the owner)' },
  }),
  BlockedUser: object('BlockedUser', { uid: INT, name: STR, face: FACE, avatar: AVATAR, qianming: STR, ctime: TIME }),
  PrivacySettings: object('PrivacySettings', {
    comment: WHO_MAY_WRITE,
    board: WHO_MAY_WRITE,
    follow: WHO_MAY_WRITE,
    repost: WHO_MAY_WRITE,
    showVisitors: BOOL,
    showBirthday: BOOL,
    findable: BOOL,
    showFollows: { type: 'boolean', description: 'others see whom I follow and who follows me' },
    showLastLogin: { type: 'boolean', description: 'others see when I last logged in' },
  }),
  FollowUser: object('FollowUser', { ...LISTED_USER, ctime: { type: 'integer', description: 'unix seconds the listed relation was made' } }),
  SearchUser: object('SearchUser', { ...LISTED_USER, exact: { type: 'boolean', description: 'found by the exact 米米号 (listed first)' } }),
  FanNotices: object('FanNotices', { count: { type: 'integer', description: 'unread' }, records: { type: 'array', items: FAN_NOTICE } }),
  HotTopic: object('HotTopic', { name: STR, count: INT }),
  CommentNotice: object('CommentNotice', {
    commentId: INT,
    weiboId: INT,
    uid: INT,
    username: STR,
    face: FACE,
    avatar: AVATAR,
    content: STR,
    ctime: TIME,
    kind: { type: 'string', enum: ['comment', 'reply'] },
    replyUid: INT,
    yyUid: INT,
    yyContent: STR,
    unread: { type: 'boolean' },
  }),
  UploadData: object('UploadData', { url: STR, width: INT, height: INT, size: { type: 'integer', description: 'bytes' } }),
  CheckCookieData: object('CheckCookieData', { code: { type: 'integer', enum: [200, 401] }, msg: STR }),
};

/** A type of api-types.ts by name: the full schema when TYPES has it, else the given fields. */
export const typed = (name: string, properties?: Json): Json =>
  TYPES[name] ?? {
    type: 'object',
    description: `${name} (shared/src/core/api-types.ts)`,
    ...(properties ? { properties } : {}),
  };

export const pageOf = (item: string): Json =>
  object(`Page<${item}>`, {
    records: { type: 'array', items: typed(item) },
    total: INT,
    pages: INT,
    current: INT,
    size: INT,
  });

/** A path or query id; `msg` is what the handler answers for a malformed one. */
export const idValue = (msg: string, description: string): Json => ({
  type: 'string',
  pattern: ID_PATTERN,
  description: `${description}: a positive integer written plainly, at most 15 digits (else 400 ${msg})`,
  'x-msg': msg,
});

/** `{name}` in the path. */
export const idParams = (name: string, msg: string, description: string): Json => ({
  type: 'object',
  required: [name],
  properties: { [name]: idValue(msg, description) },
});

/** A query of one required id (given once): the same object shape as a path's. */
export const idQuery = idParams;

const pageValue = (description: string): Json => ({
  type: 'string',
  pattern: PAGE_PATTERN,
  description,
  'x-msg': PAGE_QUERY_ERROR,
});

/** pageNum (required) and pageSize (optional; the handler applies the default and the cap of 50). */
export const pageQuery = (defaultSize: number): Json => ({
  type: 'object',
  required: ['pageNum'],
  properties: {
    pageNum: pageValue('1-based page number'),
    pageSize: pageValue(`page size, default ${defaultSize}, capped at 50`),
  },
});

/** A JSON body object; its fields are typed, none required (a missing text field reads as ''). */
export const jsonBody = (description: string, properties: Json): Json => ({
  type: 'object',
  description,
  properties,
});

/**
 * No NUL character: PostgreSQL cannot store one in text, so it was a 500 at the INSERT (found by
 * fuzz.test.ts); now a 400 请求参数有误 before the handler. Written as "not containing" rather than
 * `^[^\u0000]*$`: a search instead of a whole-string match, measured 0.2-0.9 µs instead of 5-16 µs
 * for 500 characters to 8 KB.
 */
export const NO_NUL = { pattern: '\\u0000' } as const;
export const text = (description: string): Json => ({ type: 'string', not: NO_NUL, description: `${description}; no NUL character` });
export const num = (description: string): Json => ({ type: 'number', description });

export interface RouteDoc {
  summary: string;
  tags: [string];
  description?: string;
  /** Needs `Authorization: Bearer <access token>`. */
  auth?: boolean;
  body?: Json;
  querystring?: Json;
  params?: Json;
  /** Cookies the handler reads (documented only: Fastify does not check them). */
  cookies?: Json;
  /** The success `data` (omit for none); or a whole 200 response for a non-envelope answer. */
  data?: Json;
  success?: Json;
  /** More documented answers by status (e.g. 304). */
  responses?: Json;
  /** A multipart/form-data upload of one file in the field `file` (documented, read by the handler). */
  multipartFile?: string;
  produces?: string[];
}

/** A route's schema: inputs (checked), responses (documented only: see setSerializerCompiler below). */
export function routeSchema(doc: RouteDoc): FastifySchema {
  const schema: Json = { summary: doc.summary, tags: doc.tags };
  if (doc.description) schema.description = doc.description;
  if (doc.auth) schema.security = [{ bearer: [] }];
  if (doc.body) schema.body = doc.body;
  if (doc.querystring) schema.querystring = doc.querystring;
  if (doc.params) schema.params = doc.params;
  if (doc.cookies) schema.cookies = doc.cookies;
  if (doc.multipartFile) {
    schema.consumes = ['multipart/form-data'];
    schema['x-multipart-file'] = doc.multipartFile;
  }
  if (doc.produces) schema.produces = doc.produces;
  schema.response = {
    200: doc.success ?? envelope(doc.data),
    '4xx': FAILURE,
    '5xx': { ...FAILURE, description: 'An unexpected failure (logged): 500 服务器错误' },
    ...doc.responses,
  };
  return schema as FastifySchema;
}

/** The body the document shows for a multipart upload; Fastify itself never sees it. */
const multipartBody = (description: string): Json => ({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description } },
});

export interface ApiRoute {
  method: string;
  url: string;
  schema: Json | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered (not the automatic HEAD ones), for the document's own test. */
    apiRoutes: ApiRoute[];
  }
}

/**
 * Registers @fastify/swagger (collects routes through onRoute, so: before the routes) and records
 * every /api route. The document is built once, on its first request, and cached by the plugin;
 * no hook runs per request.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    for (const method of methods) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, schema: route.schema as Json | undefined });
    }
  });

  // Response schemas document the answers; serialising through them (fast-json-stringify) would
  // drop every field they do not list. JSON.stringify is what Fastify does without a schema.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '校巴 API',
        version: '1.0',
        description:
          'The /api of the 校巴 fan site (docs/api.md). Every answer is `{code, msg, data?}` (except the avatar ' +
          'picture and this document); failures are 4xx with a Chinese `msg`. Input schemas are checked without ' +
          "coercion; the finer rules and their messages are the handlers' (shared/src/core/validation.ts).",
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of /api/user/login or /api/user/refresh' },
        },
      },
    },
    // Only /api: the site's pages and files are not part of the API.
    transform: ({ schema, url }) => {
      if (!isApiPath(url)) return { schema: { ...schema, hide: true } as FastifySchema, url };
      const s = schema as Json | undefined;
      if (s && typeof s['x-multipart-file'] === 'string' && !s.body) {
        const { 'x-multipart-file': file, ...rest } = s;
        return { schema: { ...rest, body: multipartBody(file as string) } as FastifySchema, url };
      }
      return { schema, url };
    },
  });
}

/** GET /api/openapi.json (registered inside the /api scope). Public, like the rest of the docs. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/openapi.json',
    {
      schema: routeSchema({
        summary: 'This OpenAPI 3.0 document',
        tags: ['meta'],
        success: { type: 'object', description: 'The OpenAPI document (not an envelope)', additionalProperties: true },
      }),
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
