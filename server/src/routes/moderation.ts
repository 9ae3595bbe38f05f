/**
 * The moderators' routes (docs/api.md "Safety (issue 17)" → "Moderation"): the report queue, a
 * user's record, the audit log and the actions. Every one answers a caller who is not a moderator
 * now (no token, a bad one, a user) exactly like an unknown route, 404 接口不存在, before any input
 * check. The role is read from the database on each call, never taken from the token.
 *
 * A moderator cannot act against themself or another moderator (warn, freeze, ban, remove, lift):
 * the role is granted and taken by the operator (`npm run moderator`), and a moderator's misdeeds
 * are the operator's to judge. Dismiss and restore only undo, so they are open.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  BAD_REQUEST,
  charCount,
  cleanText,
  MOD_MSG,
  parsePageQuery,
  parseQueryId,
  REPORT_KINDS,
  REPORT_REASONS,
  SANCTION_MSG,
  type ModAction,
  type ModUserPage,
  type Page,
  type ReportedTarget,
  type ReportGroup,
  type ReportKind,
  type RuleBroken,
  type SystemNoticeKind,
} from '@xiaoba/shared/core';
import { bearerUid } from '../auth/guard';
import { readStanding, revokeAllSessions, chinaDate, type StandingCache } from '../auth/standing';
import type { TokenSigner } from '../auth/tokens';
import {
  addSystemNotice,
  appendLog,
  closeReports,
  describeTarget,
  findSanctionForUpdate,
  insertSanction,
  itemAuthor,
  lockUserForModeration,
  logPage,
  markSanctionLifted,
  openReportGroups,
  openReportsOf,
  recomputeStanding,
  removedItemsOf,
  reportsAgainst,
  sanctionsOf,
  targetAuthor,
} from '../db/moderation';
import { withTransaction, type Pool, type Queryable } from '../db/pool';
import { removeItem, restoreItem, type RemovableKind } from '../db/removal';
import { parseBody } from '../http/body';
import { ApiError, MSG, ok } from '../http/errors';
import { idParams, jsonBody, num, pageQuery, routeSchema, text } from '../http/openapi';

export interface ModerationRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
  standings: StandingCache;
}

export const MOD_PAGE_SIZE = 20;
/** How many reports and removed items a user's page lists (newest first). */
const USER_PAGE_ITEMS = 100;
export const MOD_REASON_MAX = 500;

/** Words of this file's answers that the contract (safety.ts MOD_MSG) does not hold. */
export const MOD_EXTRA_MSG = {
  notOnModerator: '不能处理自己或其他管理员的账号和内容',
  ruleRequired: '请选择违反的规则',
  reasonTooLong: `原因不能超过${MOD_REASON_MAX}个字`,
  notInForce: '这项处罚已经解除或到期',
  nothingToDo: '没有待处理的举报',
  notTargetAuthor: '这条内容不是这个用户发布的，请核对要处理的用户',
} as const;

const ACTIONS: readonly ModAction[] = ['dismiss', 'remove', 'restore', 'warn', 'freeze', 'ban', 'lift'];
const RULES = Object.keys(REPORT_REASONS).filter((r) => r !== 'other') as RuleBroken[];
const KIND_WORD: Record<ReportKind, string> = { yy: 'yy', comment: '评论', leave: '留言', leaveReply: '回复', user: '空间资料' };

const optionalId = () => v.optional(v.number(BAD_REQUEST));
const isId = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n) && n > 0;

/** POST /api/mod/action's body: each action's own fields are checked in its handler. */
export const ModActionSchema = v.pipe(
  v.object({
    action: v.optional(v.string(BAD_REQUEST), ''),
    target: v.optional(v.object({ kind: v.optional(v.string(BAD_REQUEST), ''), id: v.optional(v.number(BAD_REQUEST), 0) }, BAD_REQUEST)),
    uid: optionalId(),
    rule: v.optional(v.string(BAD_REQUEST), ''),
    days: v.optional(v.number(BAD_REQUEST)),
    sanctionId: optionalId(),
    reason: v.optional(v.string(BAD_REQUEST), ''),
  }),
  v.transform((i) => ({ ...i, reason: cleanText(i.reason) })),
  v.check((i) => (ACTIONS as readonly string[]).includes(i.action), BAD_REQUEST),
  v.check((i) => i.target === undefined || ((REPORT_KINDS as readonly string[]).includes(i.target.kind) && isId(i.target.id)), MOD_MSG.notFound),
  v.check((i) => i.action === 'dismiss' || i.reason !== '', MOD_MSG.reasonRequired),
  v.check((i) => charCount(i.reason) <= MOD_REASON_MAX, MOD_EXTRA_MSG.reasonTooLong),
);

type ActionInput = v.InferOutput<typeof ModActionSchema>;

const TARGET_SCHEMA = {
  type: 'object',
  description: 'ReportedTarget (shared/src/core/safety.ts)',
  required: ['kind', 'id', 'uid', 'username', 'content', 'context', 'href', 'removed', 'gone'],
  properties: {
    kind: { type: 'string', enum: [...REPORT_KINDS] },
    id: { type: 'integer' },
    uid: { type: 'integer' },
    username: { type: 'string' },
    content: { type: 'string' },
    context: { type: 'string' },
    href: { type: 'string' },
    removed: { type: 'boolean' },
    gone: { type: 'boolean' },
  },
};
const REPORT_ENTRY_PROPS = {
  id: { type: 'integer' },
  reporterUid: { type: 'integer' },
  reporterName: { type: 'string' },
  reason: { type: 'string', enum: Object.keys(REPORT_REASONS) },
  note: { type: 'string' },
  ctime: { type: 'integer' },
};
const REPORT_ENTRY_SCHEMA = { type: 'object', description: 'ReportEntry', required: Object.keys(REPORT_ENTRY_PROPS), properties: REPORT_ENTRY_PROPS };
const pageOfItems = (name: string, item: Record<string, unknown>) => ({
  type: 'object',
  description: `Page<${name}> (shared/src/core/safety.ts)`,
  required: ['records', 'total', 'pages', 'current', 'size'],
  properties: {
    records: { type: 'array', items: item },
    total: { type: 'integer' },
    pages: { type: 'integer' },
    current: { type: 'integer' },
    size: { type: 'integer' },
  },
});
const INT = { type: 'integer' };
const STR = { type: 'string' };
const MOD_NOTE = ' Moderators only: anyone else gets 404 接口不存在, like an unknown route.';

const SCHEMA = {
  reports: routeSchema({
    summary: 'The report queue: targets with open reports, newest report first, each target with its content in context',
    description: MOD_NOTE,
    tags: ['mod'],
    auth: true,
    querystring: pageQuery(MOD_PAGE_SIZE),
    data: pageOfItems('ReportGroup', {
      type: 'object',
      required: ['target', 'reports', 'newest'],
      properties: { target: TARGET_SCHEMA, reports: { type: 'array', items: REPORT_ENTRY_SCHEMA }, newest: INT },
    }),
  }),
  user: routeSchema({
    summary: 'One user as the moderators see them: standing, reports against them, removed content, sanctions',
    description: MOD_NOTE,
    tags: ['mod'],
    auth: true,
    params: idParams('uid', MOD_MSG.notFound, 'the user'),
    data: {
      type: 'object',
      description: 'ModUserPage (shared/src/core/safety.ts)',
      required: ['user', 'reports', 'removed', 'sanctions'],
      properties: {
        user: {
          type: 'object',
          required: ['uid', 'name', 'face', 'avatar', 'role', 'frozenUntil', 'bannedAt', 'banReason'],
          properties: {
            uid: INT,
            name: STR,
            face: INT,
            avatar: STR,
            role: { type: 'string', enum: ['user', 'moderator'] },
            frozenUntil: INT,
            bannedAt: INT,
            banReason: STR,
          },
        },
        reports: {
          type: 'array',
          items: {
            type: 'object',
            required: [...Object.keys(REPORT_ENTRY_PROPS), 'target', 'status'],
            properties: { ...REPORT_ENTRY_PROPS, target: TARGET_SCHEMA, status: { type: 'string', enum: ['open', 'dismissed', 'actioned'] } },
          },
        },
        removed: { type: 'array', items: TARGET_SCHEMA },
        sanctions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'kind', 'rule', 'reason', 'until', 'ctime', 'byUid', 'byName', 'liftedAt'],
            properties: {
              id: INT,
              kind: { type: 'string', enum: ['warning', 'removal', 'freeze', 'ban'] },
              rule: STR,
              reason: STR,
              until: INT,
              ctime: INT,
              byUid: INT,
              byName: STR,
              liftedAt: INT,
            },
          },
        },
      },
    },
  }),
  log: routeSchema({
    summary: 'The audit log of moderator actions, newest first: who, what, to whom, when and why',
    description: MOD_NOTE,
    tags: ['mod'],
    auth: true,
    querystring: pageQuery(MOD_PAGE_SIZE),
    data: pageOfItems('ModLogEntry', {
      type: 'object',
      required: ['id', 'moderatorUid', 'moderatorName', 'action', 'targetUid', 'targetName', 'kind', 'itemId', 'reason', 'ctime'],
      properties: {
        id: INT,
        moderatorUid: INT,
        moderatorName: STR,
        action: { type: 'string', enum: [...ACTIONS] },
        targetUid: INT,
        targetName: STR,
        kind: { type: 'string', enum: ['', ...REPORT_KINDS] },
        itemId: INT,
        reason: STR,
        ctime: INT,
      },
    }),
  }),
  action: routeSchema({
    summary: 'Act on a report, an item or a user: dismiss, remove, restore, warn, freeze, ban, lift',
    description:
      'ModActionBody (shared/src/core/safety.ts). `reason` is required but for dismiss. Acting on a target closes its open reports and tells each reporter; ' +
      'remove, warn, freeze and ban tell the author the rule and the reason; every action is appended to the audit log. ' +
      'Not against oneself or another moderator (403).' +
      MOD_NOTE,
    tags: ['mod'],
    auth: true,
    body: jsonBody('ModActionBody', {
      action: { type: 'string', enum: [...ACTIONS], 'x-msg': BAD_REQUEST },
      target: {
        type: 'object',
        properties: { kind: { type: 'string', enum: [...REPORT_KINDS], 'x-msg': MOD_MSG.notFound }, id: num('the item id, or the uid for user') },
      },
      uid: num('the user, for warn, freeze and ban; with a target, its author (else 400)'),
      rule: { type: 'string', enum: ['', ...RULES], 'x-msg': MOD_EXTRA_MSG.ruleRequired },
      days: num('freeze: 1 to 365'),
      sanctionId: num('lift: the freeze or ban'),
      reason: text(`shown to the user; 1 to ${MOD_REASON_MAX} characters (optional for dismiss)`),
    }),
  }),
};

/** The outcome a reporter is told ("你的举报已处理：…"). */
const OUTCOME = {
  dismiss: '经核实没有违反社区规则，感谢你的举报',
  remove: '内容已删除',
  warn: '已警告发布者',
  freeze: (days: number) => `发布者的账号已被冻结${days}天`,
  ban: '发布者的账号已被永久封禁',
} as const;

export async function moderationRoutes(app: FastifyInstance, { pool, signer, standings }: ModerationRoutesOptions): Promise<void> {
  /** The moderator's uid, or the unknown route's 404 for anyone else: before auth, schema and body. */
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const uid = bearerUid(signer, request.headers.authorization);
    const standing = uid === null ? null : await readStanding(pool, uid);
    if (uid === null || standing?.role !== 'moderator' || standing.bannedAt > 0) throw new ApiError(404, MSG.notFound);
    request.uid = uid;
  });

  app.get<{ Querystring: { pageNum?: unknown; pageSize?: unknown } }>('/reports', { schema: SCHEMA.reports }, async (request) => {
    const query = parsePageQuery(request.query, MOD_PAGE_SIZE);
    if (!query.ok) throw new ApiError(400, query.message);
    const { pageNum, pageSize } = query.value;
    const { total, groups } = await openReportGroups(pool, pageSize, (pageNum - 1) * pageSize);
    const records: ReportGroup[] = [];
    for (const g of groups) {
      records.push({ target: await describeTarget(pool, g.kind, g.id, g.uid), reports: await openReportsOf(pool, g.kind, g.id), newest: g.newest });
    }
    const page: Page<ReportGroup> = { records, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });

  app.get<{ Params: { uid: string } }>('/user/:uid', { schema: SCHEMA.user }, async (request) => {
    const uid = parseQueryId(request.params.uid);
    if (uid === null) throw new ApiError(400, MOD_MSG.notFound);
    const { rows } = await pool.query<ModUserPage['user']>(
      `SELECT uid, name, face, avatar, role,
              CASE WHEN frozen_until > now() THEN floor(extract(epoch FROM frozen_until))::bigint ELSE 0 END AS "frozenUntil",
              coalesce(floor(extract(epoch FROM banned_at))::bigint, 0) AS "bannedAt", ban_reason AS "banReason"
         FROM users WHERE uid = $1`,
      [uid],
    );
    const user = rows[0];
    if (!user) throw new ApiError(404, MOD_MSG.notFound);
    // One description per target, however many reports name it.
    const described = new Map<string, Promise<ReportedTarget>>();
    const describe = (kind: ReportKind, id: number) => {
      const key = `${kind}:${id}`;
      if (!described.has(key)) described.set(key, describeTarget(pool, kind, id, uid));
      return described.get(key)!;
    };
    const reports: ModUserPage['reports'] = [];
    for (const { kind, targetId, status, ...entry } of await reportsAgainst(pool, uid, USER_PAGE_ITEMS)) {
      reports.push({ ...entry, target: await describe(kind, targetId), status });
    }
    const removed: ReportedTarget[] = [];
    for (const item of await removedItemsOf(pool, uid, USER_PAGE_ITEMS)) removed.push(await describe(item.kind, item.id));
    const page: ModUserPage = { user, reports, removed, sanctions: await sanctionsOf(pool, uid) };
    return ok('获取成功', page);
  });

  app.get<{ Querystring: { pageNum?: unknown; pageSize?: unknown } }>('/log', { schema: SCHEMA.log }, async (request) => {
    const query = parsePageQuery(request.query, MOD_PAGE_SIZE);
    if (!query.ok) throw new ApiError(400, query.message);
    const { pageNum, pageSize } = query.value;
    const { total, records } = await logPage(pool, pageSize, (pageNum - 1) * pageSize);
    return ok('获取成功', { records, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize });
  });

  app.post('/action', { schema: SCHEMA.action }, async (request) => {
    const input = parseBody(ModActionSchema, request.body);
    const touched = await withTransaction(pool, (db) => act(db, request.uid, input));
    // This process sees a new standing at once; the others within STANDING_CACHE_MS.
    if (touched !== null) standings.forget(touched);
    return ok(MOD_MSG.done);
  });
}

/** Tells each reporter of a target what became of their report and closes the reports. */
async function closeTarget(db: Queryable, moderator: number, kind: ReportKind, id: number, status: 'dismissed' | 'actioned', outcome: string): Promise<number> {
  const reporters = await closeReports(db, kind, id, status, moderator, outcome);
  for (const reporter of reporters) await addSystemNotice(db, reporter, 'report_handled', `你的举报已处理：${outcome}`);
  return reporters.length;
}

const ruleWords = (rule: RuleBroken | '') => (rule === '' ? '违反社区规则' : `违反社区规则：${REPORT_REASONS[rule]}`);

/** A user the caller may sanction: exists, not the caller, not a moderator. */
async function sanctionable(db: Queryable, moderator: number, uid: number): Promise<void> {
  const user = await lockUserForModeration(db, uid);
  if (!user) throw new ApiError(404, MOD_MSG.notFound);
  if (user.uid === moderator || user.role === 'moderator') throw new ApiError(403, MOD_EXTRA_MSG.notOnModerator);
}

/** Runs one action in the caller's transaction; returns the user whose standing changed, if any. */
async function act(db: Queryable, moderator: number, input: ActionInput): Promise<number | null> {
  const action = input.action as ModAction;
  const target = input.target as { kind: ReportKind; id: number } | undefined;
  const reason = input.reason;

  if (action === 'dismiss') {
    if (!target) throw new ApiError(400, MOD_MSG.notFound);
    const { rows } = await db.query<{ target_uid: number }>(
      `SELECT target_uid FROM reports WHERE status = 'open' AND target_kind = $1 AND target_id = $2 LIMIT 1`,
      [target.kind, target.id],
    );
    if (!rows[0]) throw new ApiError(404, MOD_EXTRA_MSG.nothingToDo);
    await closeTarget(db, moderator, target.kind, target.id, 'dismissed', OUTCOME.dismiss);
    await appendLog(db, { moderatorUid: moderator, action, targetUid: rows[0].target_uid, kind: target.kind, itemId: target.id, reason });
    return null;
  }

  if (action === 'remove' || action === 'restore') {
    if (!target || target.kind === 'user') throw new ApiError(400, MOD_MSG.notFound);
    const kind = target.kind as RemovableKind;
    const item = await itemAuthor(db, kind, target.id);
    if (!item) throw new ApiError(404, MOD_MSG.notFound);
    const rule = parseRule(input.rule, false);
    if (action === 'remove') {
      await sanctionable(db, moderator, item.uid);
      const result = await removeItem(db, kind, target.id, moderator, reason);
      if (!result) throw new ApiError(404, MOD_MSG.notFound);
      // Removing a removed item again changes nothing and tells nobody twice.
      if (!result.changed) return null;
      await insertSanction(db, { uid: item.uid, kind: 'removal', rule, reason, byUid: moderator, item: { kind, id: target.id } });
      await addSystemNotice(db, item.uid, 'removed', `你的${KIND_WORD[kind]}因${ruleWords(rule)}已被删除。原因：${reason}`);
      await closeTarget(db, moderator, kind, target.id, 'actioned', OUTCOME.remove);
    } else {
      const result = await restoreItem(db, kind, target.id);
      if (!result) throw new ApiError(404, MOD_MSG.notFound);
      if (!result.changed) return null;
      await addSystemNotice(db, item.uid, 'restored', `你被删除的${KIND_WORD[kind]}已恢复。说明：${reason}`);
    }
    await appendLog(db, { moderatorUid: moderator, action, targetUid: item.uid, kind, itemId: target.id, reason });
    return null;
  }

  if (action === 'lift') {
    if (!isId(input.sanctionId)) throw new ApiError(400, MOD_MSG.notFound);
    const sanction = await findSanctionForUpdate(db, input.sanctionId);
    if (!sanction || (sanction.kind !== 'freeze' && sanction.kind !== 'ban')) throw new ApiError(404, MOD_MSG.notFound);
    await sanctionable(db, moderator, sanction.uid);
    const over = sanction.liftedAt > 0 || (sanction.kind === 'freeze' && sanction.until * 1000 <= Date.now());
    if (over) throw new ApiError(409, MOD_EXTRA_MSG.notInForce);
    await markSanctionLifted(db, sanction.id, moderator);
    await recomputeStanding(db, sanction.uid);
    await addSystemNotice(db, sanction.uid, 'lifted', `你的账号${sanction.kind === 'ban' ? '封禁' : '冻结'}已解除。说明：${reason}`);
    await appendLog(db, { moderatorUid: moderator, action, targetUid: sanction.uid, reason });
    return sanction.uid;
  }

  // warn, freeze, ban: a user, named or as the author of the target. Both named: they must agree,
  // or the target's reporters would be told of a sanction its author never got.
  const author = target ? await targetAuthor(db, target.kind, target.id) : null;
  if (target && author === null) throw new ApiError(404, MOD_MSG.notFound);
  if (target && isId(input.uid) && input.uid !== author) throw new ApiError(400, MOD_EXTRA_MSG.notTargetAuthor);
  const uid = isId(input.uid) ? input.uid : (author ?? undefined);
  if (!isId(uid)) throw new ApiError(400, MOD_MSG.notFound);
  const rule = parseRule(input.rule, true);
  if (action === 'freeze' && !(input.days !== undefined && Number.isInteger(input.days) && input.days >= 1 && input.days <= 365)) {
    throw new ApiError(400, MOD_MSG.days);
  }
  await sanctionable(db, moderator, uid);
  const kind = action === 'warn' ? 'warning' : action;
  const days = action === 'freeze' ? input.days : undefined;
  const sanction = await insertSanction(db, { uid, kind, rule, reason, byUid: moderator, days });
  let notice: { kind: SystemNoticeKind; text: string; outcome: string };
  if (action === 'warn') {
    notice = { kind: 'warning', text: `警告：你的行为${ruleWords(rule)}。原因：${reason}。再次违反可能会被冻结或封禁账号`, outcome: OUTCOME.warn };
  } else if (action === 'freeze') {
    await recomputeStanding(db, uid);
    notice = {
      kind: 'frozen',
      text: `你的账号因${ruleWords(rule)}被冻结到${chinaDate(sanction.until)}，期间${SANCTION_MSG.frozenTerms}。原因：${reason}`,
      outcome: OUTCOME.freeze(days!),
    };
  } else {
    await recomputeStanding(db, uid);
    await revokeAllSessions(db, uid);
    notice = { kind: 'banned', text: `你的账号因${ruleWords(rule)}已被永久封禁。原因：${reason}`, outcome: OUTCOME.ban };
  }
  await addSystemNotice(db, uid, notice.kind, notice.text);
  // The reports this answers: the target's when one was named, else those against the user's space.
  if (target) await closeTarget(db, moderator, target.kind, target.id, 'actioned', notice.outcome);
  else await closeTarget(db, moderator, 'user', uid, 'actioned', notice.outcome);
  await appendLog(db, { moderatorUid: moderator, action, targetUid: uid, kind: target?.kind ?? '', itemId: target?.id ?? 0, reason });
  return uid;
}

function parseRule(rule: string, required: boolean): RuleBroken | '' {
  if (rule === '' && !required) return '';
  if (!(RULES as string[]).includes(rule)) throw new ApiError(400, MOD_EXTRA_MSG.ruleRequired);
  return rule as RuleBroken;
}
