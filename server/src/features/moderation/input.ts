/**
 * What the moderators' routes accept: the page size, POST /api/mod/action's body, and the words of
 * the answers that the shared contract (safety.ts MOD_MSG) does not hold.
 */
import * as v from 'valibot';
import { BAD_REQUEST, charCount, cleanText, MOD_MSG, REPORT_KINDS, type ModAction } from '@xiaoba/shared/core';
import { MOD_REASON_MAX, MOD_RULE_REQUIRED, ModActionKindSchema, RULES } from '@xiaoba/shared/api-schemas';

export const MOD_PAGE_SIZE = 20;
/** How many reports and removed items a user's page lists (newest first). */
export const USER_PAGE_ITEMS = 100;
export { MOD_REASON_MAX };

/** Words of the moderators' answers that the contract (safety.ts MOD_MSG) does not hold. */
export const MOD_EXTRA_MSG = {
  notOnModerator: '不能处理自己或其他管理员的账号和内容',
  ruleRequired: MOD_RULE_REQUIRED,
  reasonTooLong: `原因不能超过${MOD_REASON_MAX}个字`,
  notInForce: '这项处罚已经解除或到期',
  nothingToDo: '没有待处理的举报',
  notTargetAuthor: '这条内容不是这个用户发布的，请核对要处理的用户',
} as const;

export const ACTIONS: readonly ModAction[] = ModActionKindSchema.options;
export { RULES };

const optionalId = () => v.optional(v.number(BAD_REQUEST));
export const isId = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n) && n > 0;

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

export type ActionInput = v.InferOutput<typeof ModActionSchema>;
