/** Test fixtures of mf-admin: a moderator, the area's pages mounted as the shell would, and its data. */
import type { ModLogEntry, ModScripView, ModUserPage, Page, ReportGroup, RootState, UserInfo } from '@xiaoba/shared';
import { renderPage, routesFromTable, workerNowSeconds } from '@xiaoba/shared/testing';
import { routeTable } from '../route-table';
import { pages } from '../routes';

export const moderator: UserInfo = {
  uid: 100001,
  name: '巴巴',
  email: 'demo1@xiaoba.fan',
  babadou: 0,
  experience: 0,
  qianming: '',
  qm: '',
  sex: 1,
  follows: 0,
  fans: 0,
  face: 0,
  avatar: '',
  ctime: 0,
  skin: '',
  birthday: '',
  lastTime: 0,
  sign: 0,
  role: 'moderator',
};

/** Fixture times count back from the worker's clock start, which every test file's clock starts at. */
export const NOW = workerNowSeconds();

export function renderAdmin(path: string, state: Partial<RootState> = {}) {
  return renderPage(<p>start</p>, {
    routePath: '/__start',
    path,
    state: { auth: { token: 't', user: moderator, today: '', myspace: true }, ...state },
    routes: [...routesFromTable(routeTable, pages), { path: '/:id', element: <h1>空间页</h1> }],
  });
}

export const pageOf = <T,>(records: T[], pages = 1, current = 1): Page<T> => ({ records, total: records.length, pages, current, size: 20 });

export const commentGroup: ReportGroup = {
  target: {
    kind: 'comment',
    id: 31,
    uid: 100002,
    username: '萌萌猫',
    content: '你真笨<b>哈</b>[b1]',
    context: '在 月下剑客 的yy下：今天去爬山了',
    href: '/100003',
    removed: false,
    gone: false,
  },
  reports: [
    { id: 7, reporterUid: 100003, reporterName: '月下剑客', reason: 'bullying', note: '他一直骂人', ctime: NOW - 60 },
    { id: 5, reporterUid: 100004, reporterName: '小星星', reason: 'other', note: '', ctime: NOW - 3600 },
  ],
  newest: NOW - 60,
};

export const spaceGroup: ReportGroup = {
  target: { kind: 'user', id: 100005, uid: 100005, username: '捣蛋鬼', content: '捣蛋鬼 · 加我qq', context: '', href: '/100005', removed: false, gone: false },
  reports: [{ id: 4, reporterUid: 100003, reporterName: '月下剑客', reason: 'spam', note: '', ctime: NOW - 7200 }],
  newest: NOW - 7200,
};

export const scripGroup: ReportGroup = {
  target: {
    kind: 'scrip',
    id: 41,
    uid: 100002,
    username: '萌萌猫',
    content: '你再不回我就告诉全班',
    context: '写给小星星的小纸条',
    href: '/100002',
    removed: false,
    gone: false,
  },
  reports: [{ id: 9, reporterUid: 100004, reporterName: '小星星', reason: 'bullying', note: '', ctime: NOW - 120 }],
  newest: NOW - 120,
};

const scripUser = (uid: number, name: string) => ({ uid, name, face: 0, avatar: '', qianming: '' });

/** GET /api/mod/scrip/41: the reported note (萌萌猫 to 小星星) between two of their others, oldest first. */
export const scripView: ModScripView = {
  scripId: 41,
  removed: false,
  from: scripUser(100002, '萌萌猫'),
  to: scripUser(100004, '小星星'),
  notes: [
    { scripId: 38, fromUid: 100004, toUid: 100002, content: '明天一起写作业吗', ctime: NOW - 600 },
    { scripId: 41, fromUid: 100002, toUid: 100004, content: '你再不回我就告诉全班', ctime: NOW - 300 },
    { scripId: 44, fromUid: 100004, toUid: 100002, content: '别这样[b1]', ctime: NOW - 200 },
  ],
};

export const userPage: ModUserPage = {
  user: { uid: 100002, name: '萌萌猫', face: 0, avatar: '', role: 'user', frozenUntil: NOW + 86400 * 3, bannedAt: 0, banReason: '' },
  reports: [{ ...commentGroup.reports[0]!, target: { ...commentGroup.target, removed: true }, status: 'actioned' }],
  removed: [{ ...commentGroup.target, removed: true }],
  sanctions: [
    { id: 12, kind: 'freeze', rule: 'bullying', reason: '多次骂人', until: NOW + 86400 * 3, ctime: NOW - 100, byUid: 100001, byName: '巴巴', liftedAt: 0 },
    { id: 11, kind: 'warning', rule: 'bullying', reason: '骂人', until: 0, ctime: NOW - 86400, byUid: 100001, byName: '巴巴', liftedAt: 0 },
    { id: 10, kind: 'freeze', rule: 'spam', reason: '刷屏', until: NOW - 86400 * 10, ctime: NOW - 86400 * 20, byUid: 100001, byName: '巴巴', liftedAt: 0 },
  ],
};

export const logEntry: ModLogEntry = {
  id: 3,
  moderatorUid: 100001,
  moderatorName: '巴巴',
  action: 'remove',
  targetUid: 100002,
  targetName: '萌萌猫',
  kind: 'comment',
  itemId: 31,
  reason: '骂人',
  ctime: NOW - 30,
};
