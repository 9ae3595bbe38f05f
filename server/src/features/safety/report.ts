/**
 * POST /api/report/add (docs/api.md "Safety" → "Reports"): a user reports another
 * user's yy, comment, board message, reply or space, a 小纸条 they received, or a photo of an album
 * they may see, to the moderators.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  BAD_REQUEST,
  cleanText,
  charCount,
  REPORT_KINDS,
  REPORT_MSG,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportKind,
  type ReportReason,
} from '@xiaoba/shared/core';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { insertReport, lockReporter, reportExists, reportsInLastHour, visibleTargetAuthor } from '../moderation';
import { withTransaction, type Pool } from '../../data/pool';
import { parseBody } from '../../api/http/body';
import { ApiError, ok } from '../../api/http/errors';
import { routeSchema } from '../../api/http/openapi';
import { ReportBodySchema } from '@xiaoba/shared/api-schemas';

export interface ReportRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
}

const isReason = (r: string): r is ReportReason => Object.hasOwn(REPORT_REASONS, r);

/** The body, checked in the order a person reads the form: what, which, why, the note. */
export const ReportSchema = v.pipe(
  v.object({
    kind: v.optional(v.string(BAD_REQUEST), ''),
    id: v.optional(v.number(BAD_REQUEST), 0),
    reason: v.optional(v.string(BAD_REQUEST), ''),
    note: v.optional(v.string(BAD_REQUEST), ''),
  }),
  v.transform((i) => ({ ...i, note: cleanText(i.note) })),
  v.check((i) => (REPORT_KINDS as readonly string[]).includes(i.kind), BAD_REQUEST),
  v.check((i) => Number.isSafeInteger(i.id) && i.id > 0, REPORT_MSG.notFound),
  v.check((i) => isReason(i.reason), REPORT_MSG.reason),
  v.check((i) => charCount(i.note) <= REPORT_NOTE_MAX, REPORT_MSG.noteTooLong),
  v.transform((i) => ({ kind: i.kind as ReportKind, id: i.id, reason: i.reason as ReportReason, note: i.note })),
);

const SCHEMA = routeSchema({
  summary: "Report another user's yy, comment, board message, reply or space, a 小纸条 the caller received, or a photo the caller may see, to the moderators",
  description:
    'A second report of the same target by the same user answers 200 with REPORT_MSG.duplicate and files nothing. ' +
    "At most LIMIT_REPORTS (default 20) reports an hour per user (429). One's own items and space: 400 不能举报自己.",
  tags: ['report'],
  auth: true,
  body: ReportBodySchema,
});

export async function reportRoutes(app: FastifyInstance, { config, pool, signer }: ReportRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.post('/add', { ...auth, schema: SCHEMA }, async (request) => {
    const input = parseBody(ReportSchema, request.body);
    const uid = request.uid;
    if (input.kind === 'user' && input.id === uid) throw new ApiError(400, REPORT_MSG.self);
    const filed = await withTransaction(pool, async (db) => {
      // One reporter's reports in turn: the hourly count cannot be raced by parallel calls.
      await lockReporter(db, uid);
      const author = await visibleTargetAuthor(db, input.kind, input.id, uid);
      if (author === null) throw new ApiError(404, REPORT_MSG.notFound);
      if (author === uid) throw new ApiError(400, REPORT_MSG.self);
      // Before the limit: repeating a report is never "too many", and files nothing.
      if (await reportExists(db, uid, input.kind, input.id)) return false;
      if (config.reportsPerHour > 0 && (await reportsInLastHour(db, uid)) >= config.reportsPerHour) throw new ApiError(429, REPORT_MSG.tooMany);
      return insertReport(db, { reporterUid: uid, kind: input.kind, id: input.id, targetUid: author, reason: input.reason, note: input.note });
    });
    return ok(filed ? REPORT_MSG.reported : REPORT_MSG.duplicate);
  });
}
