/**
 * The OpenAPI document of /api (GET /api/openapi.json, @fastify/swagger) and the pieces the route
 * files build their schemas from.
 *
 * The answers' types, the request bodies and the query and path values are declared once, as
 * valibot schemas (shared/src/core/api-schemas/); jsonSchemaOf and bodySchemaOf convert them to
 * the document's OpenAPI 3.0 schemas. The bodies' rules are validation.ts's.
 *
 * The route schemas are the API's structural contract: types of body fields, the shape of query
 * and path values. They are checked by Fastify before the handler and never change what the
 * handler sees (no coercion, no defaults, no removed fields; AJV_CUSTOM_OPTIONS), so the handlers'
 * shared valibot rules stay the one source of the messages and of every finer rule (lengths,
 * ranges, order of checks). A failed schema check answers 400 with the failing field's `x-msg`
 * (the message the declaration gives for that field) or `请求参数有误` (errors.ts
 * validationMessage). docs/api.md "OpenAPI document and validation" says why.
 */
import fastifySwagger from '@fastify/swagger';
import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import type * as v from 'valibot';
import { API_TYPES, pageSchema, type ApiTypeName } from '@xiaoba/shared/api-schemas';
import { isApiPath } from './errors';

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

/**
 * What the converted schemas do not say by themselves: the type of an `enum` (a literal or a
 * picklist converts to its values alone, or to `number` for integers), as the document gives it.
 */
function withEnumTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withEnumTypes);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = withEnumTypes(value);
  const values = out.enum;
  if (Array.isArray(values) && values.length > 0 && (out.type === undefined || out.type === 'number')) {
    if (values.every((x) => typeof x === 'string')) out.type = 'string';
    else if (values.every((x) => Number.isInteger(x))) out.type = 'integer';
    else if (values.every((x) => typeof x === 'boolean')) out.type = 'boolean';
  }
  return out;
}

/** `v.excludes(text)`: no such text in the string, written as a "not containing" pattern (see NO_NUL). */
const overrideAction: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema }) => {
  const { type, requirement } = valibotAction as { type: string; requirement?: unknown };
  if (type !== 'excludes' || typeof requirement !== 'string') return undefined;
  const pattern = requirement.replace(/[\s\S]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { ...jsonSchema, not: { pattern } };
};

const converted = new WeakMap<v.GenericSchema, Json>();

/**
 * The OpenAPI 3.0 schema of a valibot declaration (shared/src/core/api-schemas/): the input as
 * sent, up to the first transform; `nullable` for null, `x-msg` and descriptions from
 * `v.metadata` and `v.description`. An object lists no `additionalProperties` (extra fields are
 * ignored, never refused). Converted once per schema.
 */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  let json = converted.get(schema);
  if (!json) {
    json = withEnumTypes(toJsonSchema(schema, { target: 'openapi-3.0', typeMode: 'input', overrideAction })) as Json;
    converted.set(schema, json);
  }
  return json;
}

/** Every `required` list of a converted schema left out (objects nested in arrays and fields too). */
function noneRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(noneRequired);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'required') out[key] = noneRequired(value);
  return out;
}

const convertedBodies = new WeakMap<v.GenericSchema, Json>();

/**
 * The schema of a JSON request body from its declaration (api-schemas/bodies.ts): as jsonSchemaOf,
 * but no field is required, so that a missing field answers the rule's own message (the rules run
 * after the check and read a missing text as '', a missing id as 0). Converted once per schema.
 */
export function bodySchemaOf(schema: v.GenericSchema): Json {
  let json = convertedBodies.get(schema);
  if (!json) {
    json = noneRequired(jsonSchemaOf(schema)) as Json;
    convertedBodies.set(schema, json);
  }
  return json;
}

const isValibot = (schema: unknown): schema is v.GenericSchema =>
  typeof schema === 'object' && schema !== null && (schema as { kind?: unknown }).kind === 'schema' && '~standard' in schema;

/** A route's input as the route gives it: a valibot declaration (converted) or a JSON schema. */
const inputSchema = (schema: Json | v.GenericSchema): Json => (isValibot(schema) ? jsonSchemaOf(schema) : schema);

/**
 * An answer's type by name: its declaration in api-schemas/ (then `properties` is not given), else
 * a server-only answer's fields (the export's ticket and progress, the import report, the avatar upload).
 */
export const typed = (name: string, properties?: Json): Json =>
  name in API_TYPES ? jsonSchemaOf(API_TYPES[name as ApiTypeName]) : { type: 'object', description: name, ...(properties ? { properties } : {}) };

/** `Page<item>`: a page of a list of that type. */
export const pageOf = (item: ApiTypeName): Json => jsonSchemaOf(pageSchema(API_TYPES[item], item));

/**
 * No NUL character: PostgreSQL cannot store one in text, so it was a 500 at the INSERT (found by
 * fuzz.test.ts); now a 400 请求参数有误 before the handler. Written as "not containing" rather than
 * `^[^\u0000]*$`: a search instead of a whole-string match, measured 0.2-0.9 µs instead of 5-16 µs
 * for 500 characters to 8 KB.
 */
export const NO_NUL = { pattern: '\\u0000' } as const;
export const text = (description: string): Json => ({ type: 'string', not: NO_NUL, description: `${description}; no NUL character` });

export interface RouteDoc {
  summary: string;
  tags: [string];
  description?: string;
  /**
   * Needs `Authorization: Bearer <access token>`; 'optional': a read a signed-out caller may make
   * too (api/auth/guard.ts allowSignedOut), documented as `security: [{}, {bearer: []}]`.
   */
  auth?: boolean | 'optional';
  /** The JSON body: its declaration (converted by bodySchemaOf), or a JSON schema. */
  body?: Json | v.GenericSchema;
  /** The query and path values: a valibot declaration the handler reads them through (readInput), or a JSON schema. */
  querystring?: Json | v.GenericSchema;
  params?: Json | v.GenericSchema;
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
  if (doc.auth) schema.security = doc.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
  if (doc.body) schema.body = isValibot(doc.body) ? bodySchemaOf(doc.body) : doc.body;
  if (doc.querystring) schema.querystring = inputSchema(doc.querystring);
  if (doc.params) schema.params = inputSchema(doc.params);
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
