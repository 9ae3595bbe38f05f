import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from '../../test/helpers';
import { createUser, PASSWORD } from '../../test/users';

let t: TestApp;
let me: { uid: number; email: string };
let other: { uid: number; email: string };
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  me = await createUser(t.pool, { email: 'me@example.com', name: '小明', sign: 1, birthday: null });
  other = await createUser(t.pool, {
    email: 'other@example.com',
    name: '小红',
    sex: 0,
    skin: 'moon',
    qm: '小红的地盘',
    qianming: '你好呀',
    experience: 250,
    fans: 3,
    follows: 4,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: me.email, password: PASSWORD } });
  token = json(res).data.token;
  expect(json(res).data.sign).toBe(1);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

describe('GET /api/user/getinfo', () => {
  it("answers the caller's UserInfo", async () => {
    const res = await call('GET', '/api/user/getinfo');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    // role and frozenUntil: the caller's standing (an ordinary user, not frozen).
    expect(data).toMatchObject({
      uid: me.uid,
      name: '小明',
      email: me.email,
      birthday: '',
      sign: 1,
      lastTime: 0,
      skin: '',
      face: 0,
      role: 'user',
      frozenUntil: 0,
    });
    expect(Math.abs(data.ctime - Date.now() / 1000)).toBeLessThan(60);
    expect(Object.keys(data).sort()).toEqual(
      [
        'avatar',
        'babadou',
        'birthday',
        'ctime',
        'email',
        'experience',
        'face',
        'fans',
        'follows',
        'frozenUntil',
        'lastTime',
        'medals',
        'name',
        'qianming',
        'qm',
        'role',
        'sex',
        'sign',
        'skin',
        'uid',
      ].sort(),
    );
  });
});

describe('GET /api/user/getuserinfo/{id}', () => {
  it("answers another user's SpaceUser", async () => {
    const res = await call('GET', `/api/user/getuserinfo/${other.uid}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      uid: other.uid,
      uname: '小红',
      sex: 0,
      ctime: expect.any(Number),
      qianming: '你好呀',
      qm: '小红的地盘',
      follows: 4,
      fans: 3,
      experience: 250,
      face: 0,
      avatar: '',
      leaves: 0,
      birthday: '2000-01-02',
      skin: 'moon',
      lastTime: 0,
      // What the owner allows the caller: not blocked, the default privacy.
      blocked: false,
      mayComment: true,
      mayLeave: true,
      mayFollow: true,
      mayRepost: true,
      // Notes: an adult accepts them from the people they follow, and they follow nobody.
      mayScrip: false,
      // The caller does not follow them.
      following: false,
      // No medal earned yet.
      medals: [],
    });
  });

  it('answers 404 用户不存在 for an unknown id', async () => {
    const res = await call('GET', '/api/user/getuserinfo/999999');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '用户不存在' });
  });

  it.each(['0', '-1', 'abc', '1.5', '01', '1e5', '12345678901234567890', '%20'])('answers 400 for id %s', async (id) => {
    const res = await call('GET', `/api/user/getuserinfo/${id}`);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg: '用户不存在' });
  });
});

describe('PATCH /api/user/updatelogin', () => {
  it('records the login now, by either path, and getinfo shows it', async () => {
    for (const url of ['/api/user/updatelogin', '/api/user//updatelogin']) {
      const res = await call('PATCH', url);
      expect(res.statusCode).toBe(200);
      expect(Math.abs(json(res).data.lastTime - Date.now() / 1000)).toBeLessThan(5);
    }
    const info = json(await call('GET', '/api/user/getinfo')).data;
    expect(info.lastTime).toBeGreaterThan(0);
    const space = json(await call('GET', `/api/user/getuserinfo/${me.uid}`)).data;
    expect(space.lastTime).toBe(info.lastTime);
  });
});

describe('PATCH /api/user/cardupdate', () => {
  it('stores sex and birthday, completes the profile, and keeps the name /card sends back unchanged', async () => {
    const res = await call('PATCH', '/api/user/cardupdate', { name: '小明', sex: 1, birthday: '2001-12-31' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ uid: me.uid, name: '小明', sex: 1, birthday: '2001-12-31', sign: 0 });
    expect(json(await call('GET', '/api/user/getinfo')).data).toMatchObject({ sex: 1, birthday: '2001-12-31', sign: 0 });
  });

  it('changes a nickname that differs (the settings page), under the 2-to-6 rule', async () => {
    const res = await call('PATCH', '/api/user/cardupdate', { name: ' 明明 ', sex: 1, birthday: '2001-12-31' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ name: '明明' });
    expect(json(await call('GET', '/api/user/getinfo')).data).toMatchObject({ name: '明明' });
    for (const name of ['明', '七个字的新名字']) {
      const refused = await call('PATCH', '/api/user/cardupdate', { name, sex: 1, birthday: '2001-12-31' });
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toEqual({ code: 400, msg: '昵称应在2~6位！' });
    }
    expect(json(await call('GET', '/api/user/getinfo')).data).toMatchObject({ name: '明明' });
    // Another user's name is untouched: there is no uid to aim at, only the caller's own card.
    expect(json(await call('GET', `/api/user/getuserinfo/${other.uid}`)).data).toMatchObject({ uname: '小红' });
  });

  it.each([
    [{ sex: 0, birthday: '2001-01-01' }, '姓名不能为空！'],
    [{ name: '十七个字的名字十七个字的名字十七个', sex: 0, birthday: '2001-01-01' }, '昵称过长！'],
    [{ name: '小明', birthday: '2001-01-01' }, '请选择性别！'],
    [{ name: '小明', sex: null, birthday: '2001-01-01' }, '请选择性别！'],
    [{ name: '小明', sex: 0 }, '请选择生日！'],
    [{ name: '小明', sex: 0, birthday: '2001-13-01' }, '生日日期有误！'],
    [{ name: '小明', sex: 0, birthday: 20010101 }, '请求参数有误'],
  ])('answers 400 for %j: %s', async (body, msg) => {
    const res = await call('PATCH', '/api/user/cardupdate', body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg });
  });
});

describe('POST /api/user/updateskin', () => {
  it.each(['pinkcat', 'rain', ''])('saves the skin %j', async (skin) => {
    const res = await call('POST', `/api/user/updateskin?classname=${skin}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, msg: '装扮成功！', data: { skin } });
    expect(json(await call('GET', '/api/user/getinfo')).data.skin).toBe(skin);
  });

  it.each(['?classname=blue', '', '?classname=moon&classname=rain', '?classname=MOON'])('answers 400 皮肤不存在 for %j', async (query) => {
    const res = await call('POST', `/api/user/updateskin${query}`);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg: '皮肤不存在' });
  });
});
