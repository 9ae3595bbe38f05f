/** Test fixtures of mf-home: the signed-in user and the store state that signs them in. */
import type { AuthState, UserInfo } from '@xiaoba/shared';

/** The signed-in user of mf-home's tests (the demo account 巴巴); a test changes what it needs. */
export const me: UserInfo = {
  uid: 100001,
  name: '巴巴',
  email: 'demo1@xiaoba.fan',
  babadou: 520,
  experience: 1250,
  qianming: '',
  qm: '',
  sex: 1,
  follows: 12,
  fans: 36,
  face: 0,
  avatar: '',
  ctime: 0,
  skin: '',
  birthday: '2003-05-12',
  lastTime: 0,
  sign: 0,
};

/** The store state of `user` signed in (renderPage's `state`). */
export const signedIn = (user: UserInfo = me): { auth: AuthState } => ({ auth: { token: 't', user, today: '', myspace: true } });

/** Another user as lists show them (search results, follows, fans): not followed either way, no signature. */
export const listed = (uid: number, name: string) => ({ uid, name, face: 1, avatar: '', qianming: '', following: false, followsMe: false });
