/**
 * The people of the feature tests: signed-in callers (no login round trip), follows, a moderator,
 * and the sanctions the safety tests try every mutating route under (a block, a freeze, a ban).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TokenSigner } from '../api/auth/tokens';
import { json, TEST_JWT_SECRET, type TestApp } from './helpers';
import { createUser } from './users';

const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Caller {
  uid: number;
  call(method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** `uid` signed in to `app`, with the headers that sign them in (for requests of another shape, an upload). */
export async function callerAs(app: FastifyInstance, uid: number): Promise<Caller & { headers: Record<string, string> }> {
  const headers = { authorization: `Bearer ${await signer.signAccess(uid, 900)}` };
  return { uid, headers, call: (method, url, payload) => app.inject({ method, url, payload, headers }) };
}

/** A new user's uid: born in 2000 (an adult) unless `birthday` says otherwise (null: none). */
export async function newUid(t: TestApp, name: string, birthday: string | null = '2000-01-02'): Promise<number> {
  return (await createUser(t.pool, { name, birthday })).uid;
}

export const follow = (t: TestApp, who: { uid: number }, whom: { uid: number }) =>
  t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [who.uid, whom.uid]);

/** A new user with the moderator's role, signed in. */
export async function newModerator(t: TestApp, name = '管理员'): Promise<Caller> {
  const uid = await newUid(t, name);
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [uid]);
  return callerAs(t.app, uid);
}

/** The users a safety test sanctions, and the owner whose things they try. */
export interface SanctionedCast {
  owner: Caller;
  blocked: Caller;
  frozen: Caller;
  banned: Caller;
}

/** Through the API: `owner` blocks `blocked`, the moderator freezes `frozen` for 3 days and bans `banned`. */
export async function sanction(mod: Caller, { owner, blocked, frozen, banned }: SanctionedCast): Promise<void> {
  expect((await owner.call('POST', '/api/block/add', { uid: blocked.uid })).statusCode).toBe(200);
  expect(json(await mod.call('POST', '/api/mod/action', { action: 'freeze', uid: frozen.uid, rule: 'spam', days: 3, reason: '刷屏' })).code).toBe(200);
  expect(json(await mod.call('POST', '/api/mod/action', { action: 'ban', uid: banned.uid, rule: 'spam', reason: '广告' })).code).toBe(200);
}
