/** Running a shared validation rule over a request body: the rule's own message becomes a 400. */
import { BAD_REQUEST, parseWith } from '@xiaoba/shared/core';
import type { GenericSchema, InferOutput } from 'valibot';
import { ApiError } from './errors';

export function parseBody<S extends GenericSchema>(schema: S, body: unknown): InferOutput<S> {
  const result = parseWith(schema, body);
  if (!result.ok) throw new ApiError(400, result.message);
  return result.value;
}

/**
 * `upTo` of a notices' clear body (count/clearcomments, count/clearfans): absent (or no body) means
 * all, otherwise a positive safe integer; anything else is a 400.
 */
export function parseUpTo(body: unknown): number | null {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, BAD_REQUEST);
  const upTo = (body as { upTo?: unknown }).upTo;
  if (upTo === undefined) return null;
  if (typeof upTo !== 'number' || !Number.isSafeInteger(upTo) || upTo <= 0) throw new ApiError(400, BAD_REQUEST);
  return upTo;
}
