/**
 * A 小纸条 server in memory for component tests (imported through '@xiaoba/shared/testing'): the
 * routes of docs/api.md "小纸条" for one signed-in user, with the rules a page shows (pages newest
 * first, reading marks read, hiding for one side only, a refusal when the other user does not take
 * notes). `handle` answers a scrip call and returns null for any other, so a test can add its own.
 */
import { SCRIP_MSG, SCRIP_PAGE_SIZE, SCRIP_THREAD_PAGE_SIZE, type Scrip, type ScripUser } from '../core/scrip';
import { fail, ok, type Call, type Reply } from './fake-api';

interface StoredNote extends Scrip {
  /** The reader has opened the conversation since. */
  read: boolean;
  /** Users who deleted it for themselves. */
  hiddenFor: Set<number>;
}

export interface ScripServerOptions {
  /** The signed-in user. */
  me: number;
  /** The other users, by uid. */
  users: ScripUser[];
  /** Users who do not take notes from `me` now (their setting, a block, ...). */
  closed?: number[];
  /** Page sizes (the server's defaults otherwise). */
  pageSize?: number;
  threadsPageSize?: number;
  /** The server's time, unix seconds, of the first note; each next note is a minute later. */
  start?: number;
}

export function scripServer(options: ScripServerOptions) {
  const { me } = options;
  const users = new Map(options.users.map((u) => [u.uid, u]));
  const closed = new Set(options.closed ?? []);
  const notes: StoredNote[] = [];
  let clock = options.start ?? Math.floor(Date.now() / 1000) - 3600;
  const size = options.pageSize ?? SCRIP_PAGE_SIZE;
  const threadsSize = options.threadsPageSize ?? SCRIP_THREAD_PAGE_SIZE;

  const other = (n: Scrip) => (n.fromUid === me ? n.toUid : n.fromUid);
  const seen = (withUid?: number) => notes.filter((n) => !n.hiddenFor.has(me) && (withUid === undefined || other(n) === withUid));
  const plain = ({ read: _read, hiddenFor: _hidden, ...n }: StoredNote): Scrip => n;
  const unreadFrom = (uid?: number) => seen(uid).filter((n) => n.toUid === me && !n.read).length;
  const page = <T>(all: T[], pageNum: number, per: number) => ({
    records: all.slice((pageNum - 1) * per, pageNum * per),
    total: all.length,
    pages: Math.ceil(all.length / per),
    current: pageNum,
    size: per,
  });

  function add(fromUid: number, toUid: number, content: string): Scrip {
    clock += 60;
    const note: StoredNote = { scripId: notes.length + 1, fromUid, toUid, content, ctime: clock, read: false, hiddenFor: new Set() };
    notes.push(note);
    return plain(note);
  }

  function handle(call: Call): Reply | null {
    const pageNum = Number(call.query.pageNum ?? 1);
    if (call.method === 'GET' && call.path === '/scrip/threads') {
      const byUser = new Map<number, StoredNote[]>();
      for (const n of seen().reverse()) byUser.set(other(n), [...(byUser.get(other(n)) ?? []), n]);
      const threads = [...byUser.entries()].map(([uid, list]) => ({ user: users.get(uid)!, last: plain(list[0]!), unread: unreadFrom(uid) }));
      return ok(page(threads, pageNum, threadsSize));
    }
    const thread = /^\/scrip\/thread\/(\d+)$/.exec(call.path);
    if (call.method === 'GET' && thread) {
      const uid = Number(thread[1]);
      if (uid === me) return fail(400, SCRIP_MSG.self);
      const user = users.get(uid);
      if (!user) return fail(404, SCRIP_MSG.userNotFound);
      const list = seen(uid).reverse();
      for (const n of list) if (n.toUid === me) n.read = true;
      return ok({ ...page(list.map(plain), pageNum, size), user, mayScrip: !closed.has(uid) });
    }
    if (call.method === 'GET' && call.path === '/count/getscrip') return ok({ count: unreadFrom() });
    if (call.method === 'POST' && call.path === '/scrip/send') {
      const { toUid, content } = call.body as { toUid: number; content: string };
      if (!content.trim()) return fail(400, SCRIP_MSG.empty);
      if (!users.has(toUid)) return fail(404, SCRIP_MSG.userNotFound);
      if (closed.has(toUid)) return fail(403, SCRIP_MSG.notAllowed);
      const { scripId, ctime } = add(me, toUid, content.trim());
      return ok({ scripId, ctime });
    }
    if (call.method === 'DELETE' && call.path === '/scrip/delete') {
      const note = seen().find((n) => n.scripId === Number(call.query.scripId));
      if (!note) return fail(404, SCRIP_MSG.notFound);
      note.hiddenFor.add(me);
      return { status: 200, body: { code: 200, msg: SCRIP_MSG.deleted } };
    }
    if (call.method === 'DELETE' && call.path === '/scrip/thread') {
      const list = seen(Number(call.query.uid));
      if (list.length === 0) return fail(404, SCRIP_MSG.notFound);
      for (const n of list) n.hiddenFor.add(me);
      return { status: 200, body: { code: 200, msg: SCRIP_MSG.threadDeleted } };
    }
    return null;
  }

  return {
    handle,
    /** A note from `fromUid` to the signed-in user (or the other way), as if sent elsewhere. */
    add,
    /** The notes the signed-in user still sees, oldest first. */
    seen: () => seen().map(plain),
    unread: () => unreadFrom(),
    close: (uid: number) => void closed.add(uid),
  };
}
