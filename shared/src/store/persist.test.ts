import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../core/api-types';
import { initialAuthState, type AuthState } from './auth-slice';
import { memoryStorage } from '../testing/fake-api';
import { loadAuthState, saveAuthState, STORAGE_KEY } from './persist';

const user: UserInfo = {
  uid: 10001,
  name: '小巴',
  email: 'kid@xiaoba.cn',
  babadou: 5,
  experience: 120,
  qianming: '',
  qm: '',
  sex: 0,
  follows: 1,
  fans: 2,
  face: 0,
  avatar: '',
  ctime: 1_450_000_000,
  skin: 'moon',
  birthday: '2000-02-29',
  lastTime: 0,
  sign: 0,
};

beforeEach(() => localStorage.clear());

const signedIn: AuthState = { token: 'secret-access-token', user, today: '2025-06-01', myspace: false };

describe('saveAuthState', () => {
  it('never writes the token', () => {
    const storage = memoryStorage();
    saveAuthState(signedIn, storage);
    const raw = storage.getItem(STORAGE_KEY)!;
    expect(raw).not.toContain('secret-access-token');
    expect(JSON.parse(raw)).not.toHaveProperty('token');
    expect(JSON.parse(raw)).toEqual({ user, today: '2025-06-01', myspace: false });
  });

  it('keeps working when storage throws (private mode, quota)', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => saveAuthState(signedIn, storage)).not.toThrow();
  });

  it('uses localStorage by default, still without the token', () => {
    saveAuthState(signedIn);
    expect(localStorage.getItem(STORAGE_KEY)).not.toContain('secret-access-token');
    expect(loadAuthState()).toEqual({ ...signedIn, token: null });
  });
});

describe('loadAuthState', () => {
  it('round-trips everything but the token', () => {
    const storage = memoryStorage();
    saveAuthState(signedIn, storage);
    expect(loadAuthState(storage)).toEqual({ ...signedIn, token: null });
  });

  it('ignores a token someone put into storage', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ token: 'planted', user }) });
    expect(loadAuthState(storage).token).toBeNull();
  });

  it('starts signed out with empty or missing storage', () => {
    expect(loadAuthState(memoryStorage())).toEqual(initialAuthState);
    expect(loadAuthState(memoryStorage({ [STORAGE_KEY]: '' }))).toEqual(initialAuthState);
    expect(loadAuthState()).toEqual(initialAuthState); // nothing in localStorage yet
  });

  it.each([
    ['not JSON', '{"user": {"uid": 1'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"xb"'],
    ['an array', '[1,2]'],
    ['a user that is not an object', JSON.stringify({ user: 'garbage' })],
    ['a user that is an array', JSON.stringify({ user: [1] })],
    ['a user without a numeric uid', JSON.stringify({ user: { name: '小巴' } })],
  ])('corrupt storage (%s) starts signed out', (_name, raw) => {
    const state = loadAuthState(memoryStorage({ [STORAGE_KEY]: raw }));
    expect(state.token).toBeNull();
    expect(state.user).toBeNull();
  });

  it('falls back field by field for wrongly typed today and myspace', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ user, today: 5, myspace: 'yes' }) });
    expect(loadAuthState(storage)).toEqual({ token: null, user, today: '', myspace: true });
  });

  it('starts signed out when reading storage throws (blocked storage)', () => {
    const storage = memoryStorage();
    storage.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(loadAuthState(storage)).toEqual(initialAuthState);
  });
});
