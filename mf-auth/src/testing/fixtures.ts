import type { LoginData, UserInfo } from '@xiaoba/shared';

export const user: UserInfo = {
  uid: 10001,
  name: '小明',
  email: 'xiaoming@example.com',
  babadou: 0,
  experience: 0,
  qianming: '',
  qm: '',
  sex: 1,
  follows: 0,
  fans: 0,
  face: 0,
  avatar: '',
  ctime: 1_700_000_000,
  skin: '',
  birthday: '2001-03-25',
  lastTime: 0,
  sign: 0,
};

export const loginData = (sign: number): LoginData => ({ ...user, sign, token: 'token-abc', username: '10001' });
