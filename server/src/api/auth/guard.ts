/** Bearer-token check for the calls that need a signed-in user. */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError, MSG } from '../http/errors';
import type { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's 米米号, set by the guard. */
    uid: number;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The 米米号 of a valid access token in an Authorization header, else null (no answer sent). */
export function bearerUid(signer: TokenSigner, authorization: string | undefined): number | null {
  const match = BEARER.exec(authorization ?? '');
  return match ? signer.accessUid(match[1]!) : null;
}

/**
 * A hook (preValidation or preHandler) that sets `request.uid` or answers 401 with `X-Error-Type: access`. Synchronous
 * (callback style, no promise per request): it runs before every signed-in call.
 */
export function requireUser(signer: TokenSigner) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return done(new ApiError(401, MSG.needLogin, 'access'));
    const uid = signer.accessUid(match[1]!);
    if (uid === null) return done(new ApiError(401, MSG.sessionExpired, 'access'));
    request.uid = uid;
    done();
  };
}

/**
 * requireUser for the reads a signed-out caller may make too (public 日志): no Authorization header
 * sets `request.uid` to 0; a header with a bad or expired token still answers 401, so the client
 * refreshes rather than reading as a stranger.
 */
export function optionalUser(signer: TokenSigner) {
  const signedIn = requireUser(signer);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (request.headers.authorization === undefined) {
      request.uid = 0;
      return done();
    }
    signedIn(request, reply, done);
  };
}
