/**
 * 小纸条: private notes between two users, one conversation per pair. The contract the server and
 * the pages share: the rule of a note's text, the words users see and the answers' types
 * (declared in api-schemas/scrip.ts). docs/api.md "小纸条" describes the routes.
 */
import * as v from 'valibot';
import type * as S from './api-schemas';
import { BLOCK_MSG } from './safety';
import { BAD_REQUEST, charCount } from './validation';
import { cleanText } from './text';

/** Longest note, in characters as a person counts them; the browser cuts a longer one as it is typed. */
export const SCRIP_MAX = 233;
/** Notes per page of a conversation (capped at 50 like every list). */
export const SCRIP_PAGE_SIZE = 20;
/** Conversations per page of the list. */
export const SCRIP_THREAD_PAGE_SIZE = 20;
/** Notes a moderator sees before and after a reported one (and nothing else of anyone's notes). */
export const SCRIP_AROUND = 5;

/** The 小纸条 page (mf-home's): the conversations; `scripPathTo(uid)` one conversation (写纸条 opens it). */
export const SCRIP_PATH = '/system/scrip';
export const scripPathTo = (uid: number) => `${SCRIP_PATH}/${uid}`;

/** Who may write notes to me. There is no "everyone". */
export const SCRIP_WHO = ['mutual', 'following', 'nobody'] as const;
export type ScripWho = (typeof SCRIP_WHO)[number];

export const SCRIP_MSG = {
  sent: '发送成功',
  empty: '小纸条不能为空',
  tooLong: `小纸条不能超过${SCRIP_MAX}个字`,
  self: '不能给自己写小纸条',
  /** Past LIMIT_SCRIPS notes within LIMIT_WINDOW_MINUTES. */
  tooFast: '小纸条写得太快了，请稍后再试',
  userNotFound: '用户不存在',
  notFound: '小纸条不存在',
  deleted: '已删除',
  threadDeleted: '对话已删除',
  /**
   * A closed inbox (their setting, no mutual follow with a minor) and a block either way answer
   * alike, so a block is not revealed.
   */
  notAllowed: BLOCK_MSG.notAllowed,
  /** The privacy page's choices. */
  who: { mutual: '互相关注的人', following: '我关注的人', nobody: '谁都不可以' } satisfies Record<ScripWho, string>,
} as const;

const isId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Body of POST /api/scrip/send: HTML stripped and trimmed (like a comment) before the checks. */
export const SendScripSchema = v.pipe(
  v.object({ toUid: v.optional(v.number(BAD_REQUEST), 0), content: v.optional(v.string(BAD_REQUEST), '') }),
  v.transform((i) => ({ ...i, content: cleanText(i.content) })),
  v.check((i) => isId(i.toUid), SCRIP_MSG.userNotFound),
  v.check((i) => i.content !== '', SCRIP_MSG.empty),
  v.check((i) => charCount(i.content) <= SCRIP_MAX, SCRIP_MSG.tooLong),
);
export type SendScripInput = v.InferOutput<typeof SendScripSchema>;

/** POST /api/scrip/send. */
export type SendScripBody = v.InferOutput<typeof S.SendScripBodySchema>;
/** One note. */
export type Scrip = v.InferOutput<typeof S.ScripSchema>;
/** The other user of a conversation. */
export type ScripUser = v.InferOutput<typeof S.ScripUserSchema>;
/** One conversation of GET /api/scrip/threads. */
export type ScripThread = v.InferOutput<typeof S.ScripThreadSchema>;
/** GET /api/scrip/thread/{uid}. */
export type ScripThreadPage = v.InferOutput<typeof S.ScripThreadPageSchema>;
export type ScripSent = v.InferOutput<typeof S.ScripSentSchema>;
export type ScripCount = v.InferOutput<typeof S.ScripCountSchema>;
/** GET /api/mod/scrip/{scripId}: a reported note in its conversation, as a moderator sees it. */
export type ModScripView = v.InferOutput<typeof S.ModScripViewSchema>;
