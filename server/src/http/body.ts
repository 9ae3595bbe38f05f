/** Running a shared validation rule over a request body: the rule's own message becomes a 400. */
import { parseWith } from '@xiaoba/shared/core';
import type { GenericSchema, InferOutput } from 'valibot';
import { ApiError } from './errors';

export function parseBody<S extends GenericSchema>(schema: S, body: unknown): InferOutput<S> {
  const result = parseWith(schema, body);
  if (!result.ok) throw new ApiError(400, result.message);
  return result.value;
}
