/**
 * Reading a route's query and path values through their declaration (shared/src/core/api-schemas/):
 * the route gives the same valibot schema as its `schema.querystring` or `schema.params` (checked
 * by Fastify with the declaration's `x-msg` messages, api/http/openapi.ts) and reads the values here,
 * typed and converted (numbers, the default page size and its cap).
 */
import * as v from 'valibot';
import { ApiError } from './errors';

/** The declared values of `input` (`request.query` or `request.params`); a 400 with the declaration's message when they do not fit. */
export function readInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (!result.success) throw new ApiError(400, result.issues[0].message);
  return result.output;
}
