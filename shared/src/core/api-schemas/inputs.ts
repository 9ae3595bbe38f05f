/**
 * The query and path values of the routes, declared once: the route's schema (converted for the
 * document and Fastify's check) and what its handler reads (`v.transform` to numbers and the
 * default page size, which the document leaves out).
 */
import * as v from 'valibot';
import { PAGE_SIZE_MAX } from '../constants';
import { BAD_REQUEST, PAGE_QUERY_ERROR, QUERY_ID, QUERY_PAGE_NUMBER } from '../validation';

/**
 * A value of a query string or path, as sent (a string: nothing is coerced), then as the handler
 * reads it. `x-msg` gives the server's schema check the same message as this schema's.
 */
const plainNumber = (pattern: RegExp, message: string, description: string) =>
  v.pipe(v.string(message), v.regex(pattern, message), v.description(description), v.metadata({ 'x-msg': message }), v.transform(Number));

/** An id in a path or query (a uid, weiboId, commentId...): a plain positive integer, at most 15 digits. */
export const idValue = (message: string, description: string) =>
  plainNumber(QUERY_ID, message, `${description}: a positive integer written plainly, at most 15 digits (else 400 ${message})`);

/** `{name}` in a path, or a query of that one id: read as a number; `message` answers a malformed or missing one. */
export const idInput = <K extends string>(name: K, message: string, description: string) =>
  v.object({ [name]: idValue(message, description) } as { [P in K]: ReturnType<typeof idValue> }, BAD_REQUEST);

const pageValue = (description: string) => plainNumber(QUERY_PAGE_NUMBER, PAGE_QUERY_ERROR, description);

/** pageNum (required) and pageSize (optional), as declared; spread into a query with more values. */
export const pageEntries = (defaultSize: number) => ({
  pageNum: pageValue('1-based page number'),
  pageSize: v.optional(pageValue(`page size, default ${defaultSize}, capped at ${PAGE_SIZE_MAX}`)),
});

/**
 * The query of a paged list with more values (`entries`, after the page's), as the handler reads
 * it: pageSize is `defaultSize` when absent, and at most PAGE_SIZE_MAX.
 */
export const pagedQuery = <E extends v.ObjectEntries>(defaultSize: number, entries: E) =>
  v.pipe(
    v.object({ ...pageEntries(defaultSize), ...entries }, BAD_REQUEST),
    v.transform(({ pageSize, ...rest }) => ({ ...rest, pageSize: pageSize === undefined ? defaultSize : Math.min(pageSize, PAGE_SIZE_MAX) })),
  );

/** The query of a paged list: `?pageNum=&pageSize=`; anything malformed answers PAGE_QUERY_ERROR. */
export const pageQuery = (defaultSize: number) => pagedQuery(defaultSize, {});

/**
 * A text value with no NUL character (PostgreSQL cannot store one): a malformed one answers
 * BAD_REQUEST. The document writes the rule as "not containing" (server/src/api/http/openapi.ts).
 */
export const textValue = (description: string) =>
  v.pipe(v.string(BAD_REQUEST), v.excludes('\u0000', BAD_REQUEST), v.description(`${description}; no NUL character`));
