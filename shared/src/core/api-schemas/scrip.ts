/**
 * 小纸条 (private notes between two users): the request body, the query and path values and the
 * answers of /api/scrip/* and /api/count/getscrip, declared once. docs/api.md "小纸条" describes
 * the routes; shared/src/core/scrip.ts holds the rules, the words and the inferred types.
 */
import * as v from 'valibot';
import { SCRIP_MAX, SCRIP_MSG, SCRIP_PAGE_SIZE, SCRIP_THREAD_PAGE_SIZE, SCRIP_WHO } from '../scrip';
import { AVATAR, BOOL, FACE, INT, STR, TIME, described, named } from './common';
import { idInput, pageQuery, textValue } from './inputs';

/** Who may write notes to me (privacy field `scrip`). There is no "everyone". */
export const ScripWhoSchema = described(
  v.picklist(SCRIP_WHO),
  'mutual: people who follow me and whom I follow; following: people I follow; nobody. An adult writes to a minor only when both follow each other, whatever the minor chose',
);

/** One note, as either of its two users sees it. There is no read mark: no read receipts. */
export const ScripSchema = named(
  'Scrip',
  v.object({
    scripId: INT,
    /** Its writer; the caller when `fromUid` is the caller's uid. */
    fromUid: INT,
    toUid: INT,
    /** Stored text: HTML stripped, may hold emoji codes like [b12]. */
    content: STR,
    ctime: TIME,
  }),
);

/** The other user of a conversation (the user card). */
export const ScripUserSchema = named('ScripUser', v.object({ uid: INT, name: STR, face: FACE, avatar: AVATAR, qianming: STR }));

/** GET /api/scrip/threads: one conversation of the caller's, newest first. */
export const ScripThreadSchema = named(
  'ScripThread',
  v.object({
    user: ScripUserSchema,
    /** The newest note of the conversation the caller still sees. */
    last: ScripSchema,
    /** The notes from the other user the caller has not read yet (opening the conversation reads them). */
    unread: INT,
  }),
);

/**
 * GET /api/scrip/thread/{uid}: a page of the conversation, page 1 the newest notes, each page newest
 * first (the page shows them oldest at the top), with the other user and whether the caller may
 * write to them now: one round trip opens a conversation.
 */
export const ScripThreadPageSchema = named(
  'ScripThreadPage',
  v.object({
    records: v.array(ScripSchema),
    total: INT,
    pages: INT,
    current: INT,
    size: INT,
    user: ScripUserSchema,
    mayScrip: described(BOOL, 'the caller may send a note to this user now (their setting, follows, age, blocks either way)'),
  }),
);

/** POST /api/scrip/send's answer. */
export const ScripSentSchema = named('ScripSent', v.object({ scripId: INT, ctime: TIME }));

/** GET /api/count/getscrip: the caller's unread notes. */
export const ScripCountSchema = named('ScripCount', v.object({ count: described(INT, "the caller's unread notes") }));

/**
 * GET /api/mod/scrip/{scripId} (moderators only): a reported note with the notes around it in its
 * conversation, oldest first, and its two users. Each reading is an entry of the audit log.
 */
export const ModScripViewSchema = named(
  'ModScripView',
  v.object({
    scripId: INT,
    /** Removed by a moderator (restorable). */
    removed: BOOL,
    from: ScripUserSchema,
    to: ScripUserSchema,
    /** The reported note and at most SCRIP_AROUND notes before and after it that are not removed, oldest first. */
    notes: v.array(ScripSchema),
  }),
);

/** POST /api/scrip/send. */
export const SendScripBodySchema = described(
  v.object({
    toUid: described(v.number(), 'the 米米号 to write to'),
    content: textValue(`1 to ${SCRIP_MAX} characters after HTML is stripped; may hold emoji codes like [b12]`),
  }),
  "SendScripBody; the rules and their messages are SendScripSchema's (shared/src/core/scrip.ts, docs/api.md)",
);

/** `?pageNum&pageSize` of GET /api/scrip/threads. */
export const ScripThreadsQuery = pageQuery(SCRIP_THREAD_PAGE_SIZE);
/** `{uid}` of GET /api/scrip/thread/{uid}, `?uid` of DELETE /api/scrip/thread: the other user. */
export const ScripWithInput = idInput('uid', SCRIP_MSG.userNotFound, 'the other user of the conversation');
/** `?pageNum&pageSize` of GET /api/scrip/thread/{uid}. */
export const ScripPageQuery = pageQuery(SCRIP_PAGE_SIZE);
/** `?scripId` of DELETE /api/scrip/delete. */
export const ScripIdInput = idInput('scripId', SCRIP_MSG.notFound, 'the note');
