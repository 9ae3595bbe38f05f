/** Test fixtures of mf-settings: the signed-in user and the settings pages mounted as the shell would. */
import type { AuthState, RootState, UserInfo } from '@xiaoba/shared';
import { renderPage, routesFromTable } from '@xiaoba/shared/testing';
import { routeTable } from '../route-table';
import { pages } from '../routes';

export const me: UserInfo = {
  uid: 100003,
  name: '月下剑客',
  email: 'demo3@xiaoba.fan',
  babadou: 10,
  experience: 300,
  qianming: '小签名',
  qm: '大签名',
  sex: 1,
  follows: 0,
  fans: 0,
  face: 0,
  avatar: '',
  ctime: 0,
  skin: '',
  birthday: '2005-03-31',
  lastTime: 0,
  sign: 0,
};

export const signedIn = (user: UserInfo = me): { auth: AuthState } => ({ auth: { token: 't', user, today: '', myspace: true } });

export function renderSettings(path: string, user: UserInfo = me, state: Partial<RootState> = {}) {
  return renderPage(<p>start</p>, {
    routePath: '/__start',
    path,
    state: { ...signedIn(user), ...state },
    routes: [...routesFromTable(routeTable, pages), { path: '/notfound', element: <h1>页面不存在</h1> }],
  });
}

/** A reply the test releases later, to look at in-between states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
