/** Bearer-token check for the calls that need a signed-in user. */
import type { FastifyRequest } from 'fastify';
import { ApiError, MSG } from '../http/errors';
import type { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's 米米号, set by the guard. */
    uid: number;
  }
}

/** A preHandler that sets `request.uid` or answers 401 with `X-Error-Type: access`. */
export function requireUser(signer: TokenSigner) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError(401, MSG.needLogin, 'access');
    const uid = await signer.verifyAccess(match[1]!);
    if (uid === null) throw new ApiError(401, MSG.sessionExpired, 'access');
    request.uid = uid;
  };
}
