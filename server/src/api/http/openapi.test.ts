/** GET /api/openapi.json, and the route schemas checking input without changing the handlers' answers. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { json } from '../../test/helpers';
import { startWithAliceAndBob, type Member } from '../../test/yy';

let t: TestApp;
let alice: Member;
let doc: any;

beforeAll(async () => {
  ({ t, alice } = await startWithAliceAndBob());
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.0 document of /api only, with the bearer scheme', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.title).toBe('校巴 API');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(25);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths).toContain('/api/openapi.json');
  });

  it('is valid against the OpenAPI 3.0 schema', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The check can fail: a schema type OpenAPI 3.0 does not have.
    const broken = structuredClone(doc);
    broken.paths['/api/user/login'].post.requestBody.content['application/json'].schema.type = ['object', 'null'];
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('describes a JSON body, a path id, a query and the envelopes', () => {
    const login = doc.paths['/api/user/login'].post;
    expect(login.security).toBeUndefined();
    expect(login.requestBody.content['application/json'].schema.properties).toMatchObject({
      username: { type: 'string' },
      password: { type: 'string' },
    });
    expect(login.responses['200'].content['application/json'].schema.required).toEqual(['code', 'msg', 'data']);
    expect(login.responses['4XX'].content['application/json'].schema).toMatchObject({
      required: ['code', 'msg'],
      properties: { code: { type: 'integer' }, msg: { type: 'string' } },
    });

    const useryy = doc.paths['/api/yy/getUseryy/{uid}'].get;
    expect(useryy.security).toEqual([{ bearer: [] }]);
    const uid = useryy.parameters.find((p: any) => p.in === 'path');
    expect(uid).toMatchObject({ name: 'uid', required: true, schema: { type: 'string', pattern: '^[1-9]\\d{0,14}$' } });
    const pageNum = useryy.parameters.find((p: any) => p.in === 'query' && p.name === 'pageNum');
    expect(pageNum.required).toBe(true);
    expect(pageNum.schema['x-msg']).toBe('分页参数有误');
  });

  it('describes both uploads as multipart with one file in the field `file`', () => {
    for (const path of ['/api/yy/upload', '/api/api/avatar/upload']) {
      const body = doc.paths[path].post.requestBody.content['multipart/form-data'].schema;
      expect(body).toMatchObject({ required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });
      expect(doc.paths[path].post.requestBody.content['application/json']).toBeUndefined();
    }
  });

  it('describes the avatar picture as a picture, not an envelope', () => {
    const get = doc.paths['/api/api/avatar/{uid}'].get;
    expect(Object.keys(get.responses['200'].content)).toContain('image/webp');
    expect(get.responses['304']).toBeDefined();
    expect(get.security).toBeUndefined();
  });

  it('is built once: the same object for every request', async () => {
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.json()).toEqual(doc);
    expect(t.app.swagger()).toBe(t.app.swagger());
  });
});

describe('the route schemas', () => {
  it("never coerce: 1e3, 0x10 and a repeated value answer the handler's own message", async () => {
    expect(json(await alice.call('GET', '/api/yy/getyy?pageNum=1e3'))).toEqual({ code: 400, msg: '分页参数有误' });
    expect(json(await alice.call('GET', '/api/yy/getyy?pageNum=1&pageSize=0x10'))).toEqual({ code: 400, msg: '分页参数有误' });
    expect(json(await alice.call('DELETE', '/api/yy/deleteyy?weiboId=0x10'))).toEqual({ code: 400, msg: 'yy不存在' });
    expect(json(await alice.call('DELETE', '/api/yy/deleteyy?weiboId=1&weiboId=2'))).toEqual({ code: 400, msg: 'yy不存在' });
    expect(json(await alice.call('POST', '/api/user/updateskin?classname=moon&classname=rain'))).toEqual({ code: 400, msg: '皮肤不存在' });
    expect(json(await alice.call('POST', '/api/user/updateface?num=1e1'))).toEqual({ code: 400, msg: '头像不存在' });
    expect(json(await alice.call('GET', `/api/yy/getUseryy/0${alice.uid}?pageNum=1`))).toEqual({ code: 400, msg: '用户不存在' });
  });

  it('answer a wrongly typed or missing field like the shared rules: 请求参数有误, or the documented message', async () => {
    expect(json(await alice.call('POST', '/api/comment/add', { weiboId: '1', content: '你好' }))).toEqual({ code: 400, msg: '请求参数有误' });
    expect(json(await alice.call('POST', '/api/yy/createyy', { content: ['a'] }))).toEqual({ code: 400, msg: '请求参数有误' });
    expect(json(await alice.call('POST', '/api/count/clearcomments', { upTo: 1.5 }))).toEqual({ code: 400, msg: '请求参数有误' });
    // Missing fields are not a schema matter: the rule's own message.
    expect(json(await alice.call('POST', '/api/yy/createyy', {}))).toEqual({ code: 400, msg: 'yy内容不能为空' });
    expect(json(await alice.call('POST', '/api/leave/add', { content: '你好' }))).toEqual({ code: 400, msg: '用户不存在' });
  });

  it('refuse a NUL character in a text (PostgreSQL cannot store one: it was a 500)', async () => {
    for (const [url, body] of [
      ['/api/yy/createyy', { content: 'a\u0000b' }],
      ['/api/comment/add', { weiboId: 1, content: '\u0000' }],
      ['/api/leave/add', { fuid: alice.uid, content: 'x\u0000' }],
    ] as const) {
      const res = await alice.call('POST', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(json(res)).toEqual({ code: 400, msg: '请求参数有误' });
    }
    expect(json(await alice.call('POST', '/api/user/updatebigqm?qm=%00'))).toEqual({ code: 400, msg: '请求参数有误' });
  });

  it('answer the envelope for a URL that does not decode', async () => {
    const res = await alice.call('GET', '/api/user/getuserinfo/%FF%FE');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(json(res)).toEqual({ code: 400, msg: '请求参数有误' });
  });

  it('check the token before the input: no token is a 401 whatever the input', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/yy/getUseryy/abc?pageNum=x' });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ code: 401, msg: '请先登录' });
  });

  it('leave the input as sent: extra fields ignored, no body for clearcomments, answers not trimmed by the response schema', async () => {
    const posted = await alice.call('POST', '/api/yy/createyy', { content: '多余的字段', extra: { deep: [1, 2] } });
    expect(posted.statusCode).toBe(200);
    // Every Yy field is there, though the response schema lists none of them.
    expect(Object.keys(json(posted).data)).toEqual(expect.arrayContaining(['weiboId', 'userName', 'typeData', 'sourceDeleted']));
    const cleared = await t.app.inject({ method: 'POST', url: '/api/count/clearcomments', headers: { authorization: `Bearer ${alice.token}` } });
    expect(json(cleared)).toEqual({ code: 200, msg: '已清除', data: { count: 0 } });
  });
});
