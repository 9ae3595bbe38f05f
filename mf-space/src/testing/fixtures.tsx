/** Test fixtures: users, a fake network for the shared axios client, and the whole remote mounted. */
import { api, LEAVE_PAGE_SIZE, type AuthState, type LeaveMessage, type Page, type SpaceUser, type UserInfo } from '@xiaoba/shared';
import { renderPage, type RenderPageOptions } from '@xiaoba/shared/testing';
import { fakeServer as sharedFakeServer, ok, type Call, type Reply as SharedReply } from '@xiaoba/shared/testing';
import { routeTable } from '../route-table';
import { pages } from '../routes';
import { routesFromTable } from '@xiaoba/shared/testing';

export const me: UserInfo = {
  uid: 10001,
  name: '小巴',
  email: 'kid@xiaoba.cn',
  babadou: 0,
  experience: 0,
  qianming: '今天也要开心',
  qm: '',
  sex: 0,
  follows: 0,
  fans: 0,
  face: 0,
  avatar: '',
  ctime: 1_450_000_000,
  skin: '',
  birthday: '2000-02-29',
  lastTime: 0,
  sign: 0,
};

export const other: SpaceUser = {
  uid: 10002,
  uname: '小明',
  sex: 1,
  ctime: 1_450_000_000,
  qianming: '',
  qm: '',
  follows: 1,
  fans: 2,
  experience: 150,
  face: 3,
  avatar: '',
  leaves: 0,
  birthday: '',
  skin: 'moon',
  lastTime: 0,
};

export const signedIn: { auth: AuthState } = { auth: { token: 'tok', user: me, today: '', myspace: true } };

export type Reply = { status: number; data?: unknown } | 'network';

// axios itself is reached only through the shared client (docs/adr/0004), so its adapter type is
// taken from there and failures are plain errors shaped like axios' (what the base query reads).
type Adapter = Extract<NonNullable<typeof api.defaults.adapter>, (...args: never[]) => unknown>;

/** Points the shared client at a fake server for one test; returns the URLs it was asked for. */
export function fakeServer(reply: (url: string) => Reply) {
  const urls: string[] = [];
  const adapter: Adapter = async (config) => {
    const url = config.url ?? '';
    urls.push(url);
    const r = reply(url);
    if (r === 'network') throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK', config });
    const response = {
      status: r.status,
      statusText: '',
      data: r.data ?? { code: r.status, msg: r.status === 200 ? 'ok' : '用户不存在' },
      headers: {},
      config,
    };
    if (r.status < 400) return response;
    throw Object.assign(new Error(`Request failed with status code ${r.status}`), { config, response });
  };
  api.defaults.adapter = adapter;
  return urls;
}

export const userReply = (user: SpaceUser): Reply => ({ status: 200, data: { code: 200, msg: '获取成功', data: user } });

/** An empty yy list page: what a space home asks for next to its owner. */
export const emptyYyPage: Reply = { status: 200, data: { code: 200, msg: 'ok', data: { records: [], total: 0, pages: 0, current: 1, size: 20 } } };

/** The owner for /user calls and an empty yy list for /yy calls. */
export const spaceReply =
  (user: SpaceUser) =>
  (url: string): Reply =>
    url.startsWith('/yy/') ? emptyYyPage : userReply(user);

/** The remote's real route table mounted in a memory router, plus the shell's not-found page. */
export function renderSpace(path: string, state: RenderPageOptions['state'] = signedIn) {
  return renderPage(<p>start</p>, {
    routePath: '/__start',
    path,
    state,
    routes: [...routesFromTable(routeTable, pages), { path: '/notfound', element: <h1>页面不存在</h1> }],
  });
}

// ---- spaces part 2: a fake /api for whole space pages (panels, signatures, board) -------------

/** A board page as GET /leave/get answers it. */
export function leavePage(records: LeaveMessage[], pages = records.length ? 1 : 0, current = 1): Page<LeaveMessage> {
  return { records, total: pages > 1 ? pages * LEAVE_PAGE_SIZE : records.length, pages, current, size: LEAVE_PAGE_SIZE };
}

/** The harmless answer of each call a space page makes: empty lists and counts, `other` as the owner. */
export function defaultSpaceReply(call: Call): SharedReply {
  const { path } = call;
  if (path.startsWith('/user/getuserinfo/')) return ok(other);
  if (path === '/user/getleaves') return ok(0);
  if (path === '/visitor/get') return ok({ data: [], total: 0 });
  if (path === '/yy/hottopics') return ok([]);
  if (path.startsWith('/yy/getUseryy/') || path === '/yy/getyy') {
    return ok({ records: [], total: 0, pages: 0, current: 1, size: 20 });
  }
  if (path.startsWith('/leave/get/')) return ok(leavePage([]));
  return ok();
}

/**
 * shared's fakeServer (real axios errors, JSON bodies, query parsed) for a whole space page:
 * `answer` decides the calls a test cares about (return undefined for the rest, which get
 * `defaultSpaceReply`). Returns every call, in order.
 */
export function spaceServer(answer: (call: Call) => SharedReply | undefined | Promise<SharedReply | undefined> = () => undefined) {
  return sharedFakeServer(async (call) => (await answer(call)) ?? defaultSpaceReply(call));
}
