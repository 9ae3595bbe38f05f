/** Types of the /api contract (docs/api.md). Shared by the browser client and the server. */
import type { SkinId } from './constants';

/** Every /api answer. `data` is present on success when the call returns something. */
export interface ApiEnvelope<T = undefined> {
  code: number;
  msg: string;
  data?: T;
}

/** Header a 401 carries, read by the client's refresh logic (spec section 4). */
export const ERROR_TYPE_HEADER = 'x-error-type';
export type ErrorType = 'access' | 'refresh';

export type Sex = 0 | 1;

export interface UserInfo {
  uid: number;
  name: string;
  email: string;
  babadou: number;
  experience: number;
  qianming: string;
  qm: string;
  sex: Sex;
  follows: number;
  fans: number;
  face: number;
  ctime: number;
  skin: SkinId;
  birthday: string;
  lastTime: number;
  /** 0 when the profile is complete. */
  sign: number;
}

export interface LoginData extends UserInfo {
  token: string;
  username: string;
}

export interface SpaceUser {
  uid: number;
  uname: string;
  sex: Sex;
  ctime: number;
  qianming: string;
  qm: string;
  follows: number;
  fans: number;
  experience: number;
  leaves: number;
  birthday: string;
  skin: SkinId;
  lastTime: number;
}

export interface LoginBody {
  username: string;
  password: string;
}
export interface ValitedRegisterBody {
  email: string;
  name: string;
  fans: string;
  message: string;
  weibo: string;
}
export interface AddAccountBody {
  email: string;
  lockedPassword: string;
  uname: string;
  sex: Sex;
  birthday: string;
}
export interface CardUpdateBody {
  name: string;
  sex: Sex;
  birthday: string;
}
export interface CheckCookieData {
  code: number;
  msg: string;
}
