/** The `{code, msg, data}` envelope and the errors every /api answer can end in. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BAD_REQUEST, ERROR_TYPE_HEADER, type ApiEnvelope, type ErrorType } from '@xiaoba/shared/core';

export const MSG = {
  badRequest: BAD_REQUEST,
  notFound: '接口不存在',
  serverError: '服务器错误',
  tooLarge: '请求内容过大',
  unsupportedType: '请求格式不受支持，请使用 JSON',
  tooManyRequests: '请求过于频繁，请稍后再试',
  registerTooFast: '注册太频繁了，请一小时后再试',
  foreignOrigin: '请求来源不被允许，请从校巴网页操作',
  needLogin: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  busy: '服务器正忙，请稍后再试',
} as const;

/** Seconds a client is asked to wait (`Retry-After`) after a 503 of a database bound. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of PostgreSQL's own bounds (data/pool.ts): query_canceled (statement_timeout),
 * lock_not_available (lock_timeout), idle_in_transaction_session_timeout.
 */
const BUSY_SQLSTATES = new Set(['57014', '55P03', '25P03']);
/**
 * pg's own words for the pool-acquire bound, and for a connection the server ended (idle in a
 * transaction past its bound, or PostgreSQL restarting): the next query on it fails with these.
 */
const BUSY_PG_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
]);

/** The error is a database wait that hit its bound (or a lost connection): a 503, not a bug. */
export function isDatabaseBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && BUSY_SQLSTATES.has(code)) || (typeof message === 'string' && BUSY_PG_MESSAGES.has(message));
}

/** A failure the caller should see as it is: status, Chinese message and, for 401, its type. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorType?: ErrorType,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function ok<T>(msg: string, data?: T): ApiEnvelope<T> {
  return data === undefined ? { code: 200, msg } : { code: 200, msg, data };
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function sendFailure(reply: FastifyReply, status: number, msg: string, errorType?: ErrorType): FastifyReply {
  if (errorType) reply.header(ERROR_TYPE_HEADER, errorType);
  const body: ApiEnvelope = { code: status, msg };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Messages for the 4xx errors Fastify and its plugins raise before a handler runs. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.statusCode) {
    case 413:
      return MSG.tooLarge;
    case 415:
      return MSG.unsupportedType;
    case 429:
      return MSG.tooManyRequests;
    default:
      return MSG.badRequest;
  }
}

/**
 * The message of a failed route-schema check (api/http/openapi.ts): the failing field's `x-msg`, which
 * is the message the handler itself gives for that field, else 请求参数有误.
 */
export function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const first = error.validation?.[0];
  const part = error.validationContext;
  const schema = part ? (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part] : undefined;
  if (!first || !schema || typeof schema !== 'object') return MSG.badRequest;
  const field = first.instancePath.split('/')[1] || (first.params as { missingProperty?: unknown }).missingProperty;
  const properties = (schema as { properties?: Record<string, { 'x-msg'?: unknown }> }).properties;
  const msg = typeof field === 'string' ? properties?.[field]?.['x-msg'] : undefined;
  return typeof msg === 'string' ? msg : MSG.badRequest;
}

/**
 * Fastify's refusals before any route is found (Fastify's `frameworkErrors` option): a URL whose
 * percent-encoding does not decode (%FF, a lone surrogate) or a path parameter past the router's
 * length. Without it they answer Fastify's own JSON, not the envelope. The reply has no route
 * context here, so the body is sent as a ready string.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // No route, so no onRequest hook set the usual headers: at least the one that matters for an error body.
  reply.header('x-content-type-options', 'nosniff');
  if (!isApiPath(request.url)) {
    void reply.code(status).type('text/plain; charset=utf-8').send('Bad Request');
    return;
  }
  const body: ApiEnvelope = { code: status, msg: MSG.badRequest };
  void reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const api = isApiPath(request.url);
    if (error instanceof ApiError) {
      // Every 503 (the server is busy, a picture could not be stored) tells the client when to retry.
      if (error.statusCode === 503) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return sendFailure(reply, error.statusCode, error.message, error.errorType);
    }
    if (isDatabaseBusy(error)) {
      // Expected under load or an attack, and bounded: a warning, and the client is told when to retry.
      request.log.warn({ err: error }, 'database wait past its bound: 503');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      if (!api) return reply.code(503).type('text/plain; charset=utf-8').send('Service Unavailable');
      return sendFailure(reply, 503, MSG.busy);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (!api) return reply.code(status).type('text/plain; charset=utf-8').send(error.message);
      if (error.validation) return sendFailure(reply, 400, validationMessage(error, request));
      return sendFailure(reply, status, clientErrorMessage(error));
    }
    request.log.error({ err: error }, 'unexpected error');
    if (!api) return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error');
    return sendFailure(reply, 500, MSG.serverError);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendFailure(reply, 404, MSG.notFound);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
