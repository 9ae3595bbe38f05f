/** Shell test fixtures; the HTTP fake and in-memory storage come from '@xiaoba/shared/testing'. */
import type { UserInfo } from '@xiaoba/shared';
import { ok } from '@xiaoba/shared/testing';

export { fail, fakeServer, memoryStorage, ok, restoreApi, type Call, type Handler, type Reply } from '@xiaoba/shared/testing';

/** checkcookie answers HTTP 200 either way; validity is in data.code (docs/api.md). */
export const cookieValid = ok({ code: 200, msg: '登录有效' });
export const cookieInvalid = ok({ code: 401, msg: '登录已过期，请重新登录' });

export const user: UserInfo = {
  uid: 10001,
  name: '小明',
  email: 'xiaoming@example.com',
  babadou: 3,
  experience: 250,
  qianming: '',
  qm: '',
  sex: 1,
  follows: 2,
  fans: 5,
  face: 0,
  avatar: '',
  ctime: 1_700_000_000,
  skin: 'moon',
  birthday: '2001-03-25',
  lastTime: 0,
  sign: 0,
};
