/** The OpenAPI description of the moderators' routes (served at /api/docs with the others). */
import { BAD_REQUEST, MOD_MSG, REPORT_KINDS, REPORT_REASONS } from '@xiaoba/shared/core';
import { idInput, pageQuery } from '@xiaoba/shared/api-schemas';
import { jsonBody, num, routeSchema, text } from '../../http/openapi';
import { ACTIONS, MOD_EXTRA_MSG, MOD_PAGE_SIZE, MOD_REASON_MAX, RULES } from './input';

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

/** The query and path values of the routes: their schema and what the handlers read (readInput). */
export const MOD_PAGE = pageQuery(MOD_PAGE_SIZE);
export const MOD_USER = idInput('uid', MOD_MSG.notFound, 'the user');

export const MOD_SCHEMA = {
  reports: routeSchema({
    summary: 'The report queue: targets with open reports, newest report first, each target with its content in context',
    description: MOD_NOTE,
    tags: ['mod'],
    auth: true,
    querystring: MOD_PAGE,
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
    params: MOD_USER,
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
    querystring: MOD_PAGE,
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
