/**
 * A 日志 server in memory for component tests (imported through '@xiaoba/shared/testing'): the
 * routes of docs/api.md "日志" for one signed-in user (or none), with the rules a page shows:
 * lists newest first, comments oldest first, an entry the caller may not see answering 404 日志不存在
 * exactly like a missing one, edits and deletes by the owner only, a comment deleted by its author
 * or the entry's owner. `handle` answers a diary call and returns null for any other.
 */
import { DIARY_EXCERPT_MAX, DIARY_MSG, diaryEntryError, type Diary, type DiaryComment, type DiarySummary } from '../core/diary';
import type { Visibility } from '../core/visibility';
import { fail, ok, type Call, type Reply } from './fake-api';

export interface DiaryUser {
  uid: number;
  name: string;
  face?: number;
  avatar?: string;
}

export interface DiaryServerOptions {
  /** The signed-in user, undefined for nobody. */
  me?: number;
  users: DiaryUser[];
  /** Who sees what; by default the owner everything and others only public entries. */
  sees?: (viewer: number | undefined, owner: number, visibility: Visibility) => boolean;
  /** Refuses comments with this 403 message (a block, a frozen account, ...). */
  commentRefusal?: string;
  /** The server's time, unix seconds, of the first entry; each next write is a minute later. */
  start?: number;
}

type EntryBody = { title: string; content: string; images: string[]; visibility: string };

export function diaryServer(options: DiaryServerOptions) {
  const users = new Map(options.users.map((u) => [u.uid, u]));
  const sees = options.sees ?? ((viewer, owner, visibility) => viewer === owner || visibility === 'public');
  const entries: Diary[] = [];
  const comments: DiaryComment[] = [];
  let clock = options.start ?? Math.floor(Date.now() / 1000) - 86400;
  let me = options.me;

  const author = (uid: number) => {
    const u = users.get(uid);
    return { uid, userName: u?.name ?? `用户${uid}`, face: u?.face ?? 1, avatar: u?.avatar ?? '' };
  };
  const visible = (d: Diary) => sees(me, d.uid, d.visibility);
  const find = (diaryId: number) => entries.find((d) => d.diaryId === diaryId && visible(d));
  const countOf = (diaryId: number) => comments.filter((c) => c.diaryId === diaryId).length;
  const whole = (d: Diary): Diary => ({ ...d, commentCount: countOf(d.diaryId) });
  const summary = (d: Diary): DiarySummary => ({
    diaryId: d.diaryId,
    uid: d.uid,
    userName: d.userName,
    face: d.face,
    avatar: d.avatar,
    title: d.title,
    excerpt: d.content.replace(/\s*\n+\s*/g, ' ').slice(0, DIARY_EXCERPT_MAX),
    cover: d.images[0] ?? '',
    imageCount: d.images.length,
    visibility: d.visibility,
    commentCount: countOf(d.diaryId),
    ctime: d.ctime,
    mtime: d.mtime,
  });
  const page = <T>(all: T[], call: Call) => {
    const pageNum = Number(call.query.pageNum ?? 1);
    const per = Number(call.query.pageSize ?? 10);
    return { records: all.slice((pageNum - 1) * per, pageNum * per), total: all.length, pages: Math.ceil(all.length / per), current: pageNum, size: per };
  };
  const done = (msg: string): Reply => ({ status: 200, body: { code: 200, msg } });

  /** An entry as if written elsewhere (by any user). */
  function add(uid: number, body: Partial<EntryBody> & { title: string }): Diary {
    clock += 60;
    const entry: Diary = {
      diaryId: entries.length + 1,
      ...author(uid),
      title: body.title,
      content: body.content ?? '',
      images: body.images ?? [],
      visibility: (body.visibility || 'mutual') as Visibility,
      commentCount: 0,
      ctime: clock,
      mtime: 0,
    };
    entries.push(entry);
    return entry;
  }

  function comment(uid: number, diaryId: number, content: string, reply?: { commentId: number; uid: number }): DiaryComment {
    clock += 60;
    const u = author(uid);
    const c: DiaryComment = {
      commentId: comments.length + 1,
      diaryId,
      uid,
      username: u.userName,
      face: u.face,
      avatar: u.avatar,
      content,
      ctime: clock,
      replyCommentId: reply?.commentId ?? 0,
      replyUid: reply?.uid ?? 0,
      replyUsername: reply ? author(reply.uid).userName : '',
    };
    comments.push(c);
    return c;
  }

  function handle(call: Call): Reply | null {
    const { method, path } = call;
    const list = /^\/diary\/list\/(\d+)$/.exec(path);
    if (method === 'GET' && list) {
      const uid = Number(list[1]);
      return ok(
        page(
          entries
            .filter((d) => d.uid === uid && visible(d))
            .reverse()
            .map(summary),
          call,
        ),
      );
    }
    const get = /^\/diary\/get\/(\d+)$/.exec(path);
    if (method === 'GET' && get) {
      const d = find(Number(get[1]));
      return d ? ok(whole(d)) : fail(404, DIARY_MSG.notFound);
    }
    const thread = /^\/diary\/comments\/(\d+)$/.exec(path);
    if (method === 'GET' && thread) {
      const d = find(Number(thread[1]));
      return d
        ? ok(
            page(
              comments.filter((c) => c.diaryId === d.diaryId),
              call,
            ),
          )
        : fail(404, DIARY_MSG.notFound);
    }
    if (method === 'GET' && path === '/search/diary') {
      const q = (call.query.q ?? '').toLowerCase();
      const found = entries.filter((d) => visible(d) && `${d.title}\n${d.content}`.toLowerCase().includes(q));
      return ok(page(found.reverse().map(summary), call));
    }
    if (me === undefined) return null;
    if (method === 'POST' && path === '/diary/add') {
      const body = call.body as EntryBody;
      const problem = diaryEntryError({ ...body, visibility: body.visibility || 'mutual' });
      if (problem) return fail(400, problem);
      const { diaryId, ctime } = add(me, body);
      return { status: 200, body: { code: 200, msg: DIARY_MSG.added, data: { diaryId, ctime } } };
    }
    if (method === 'PATCH' && path === '/diary/update') {
      const body = call.body as EntryBody & { diaryId: number };
      const d = find(body.diaryId);
      if (!d || d.uid !== me) return fail(404, DIARY_MSG.notFound);
      const problem = diaryEntryError(body);
      if (problem) return fail(400, problem);
      clock += 60;
      Object.assign(d, { title: body.title, content: body.content, images: body.images, visibility: body.visibility, mtime: clock });
      return done(DIARY_MSG.updated);
    }
    if (method === 'DELETE' && path === '/diary/delete') {
      const d = find(Number(call.query.diaryId));
      if (!d || d.uid !== me) return fail(404, DIARY_MSG.notFound);
      entries.splice(entries.indexOf(d), 1);
      return done(DIARY_MSG.deleted);
    }
    if (method === 'POST' && path === '/diary/comment/add') {
      const body = call.body as { diaryId: number; content: string; replyCommentId: number; replyUid: number };
      const d = find(body.diaryId);
      if (!d) return fail(404, DIARY_MSG.notFound);
      if (options.commentRefusal) return fail(403, options.commentRefusal);
      if (!body.content.trim()) return fail(400, DIARY_MSG.commentEmpty);
      const reply = body.replyCommentId ? { commentId: body.replyCommentId, uid: body.replyUid } : undefined;
      return { status: 200, body: { code: 200, msg: DIARY_MSG.commented, data: comment(me, d.diaryId, body.content.trim(), reply) } };
    }
    if (method === 'DELETE' && path === '/diary/comment/delete') {
      const c = comments.find((x) => x.commentId === Number(call.query.commentId));
      const d = c && find(c.diaryId);
      if (!c || !d || (c.uid !== me && d.uid !== me)) return fail(404, DIARY_MSG.commentNotFound);
      comments.splice(comments.indexOf(c), 1);
      return done(DIARY_MSG.deleted);
    }
    return null;
  }

  return {
    handle,
    add,
    comment,
    /** Every stored entry, oldest first, whoever may see it. */
    entries: () => entries.map(whole),
    comments: (diaryId: number) => comments.filter((c) => c.diaryId === diaryId),
    signIn: (uid: number | undefined) => void (me = uid),
  };
}
