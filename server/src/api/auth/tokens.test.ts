import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens';

// The verifier is hand-written over node:crypto (docs/adr/0009-api-read-path.md): it must take
// what jose signs and refuse everything jose's jwtVerify refused for our tokens.
const key = new TextEncoder().encode('a-test-secret-a-test-secret-a-test-secret');
const signer = new TokenSigner(key);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token built by hand, signed with `k`: for the shapes jose would never produce. */
const craft = (header: unknown, claims: unknown, k: Uint8Array = key) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', k).update(input).digest('base64url')}`;
};
const access = { alg: 'HS256', typ: 'xb-access+jwt' };

describe('TokenSigner', () => {
  it('verifies its own access tokens and registration tickets, each only as its kind', async () => {
    const token = await signer.signAccess(100001, 60);
    expect(signer.accessUid(token)).toBe(100001);
    expect(await signer.verifyAccess(token)).toBe(100001);
    expect(await signer.verifyRegister(token)).toBeNull();
    const ticket = await signer.signRegister('a@b.cn', 60);
    expect(await signer.verifyRegister(ticket)).toBe('a@b.cn');
    expect(signer.accessUid(ticket)).toBeNull();
  });

  it('keeps page sessions apart from access tokens, both ways', async () => {
    const tokenId = 'q'.repeat(43);
    const page = await signer.signPage(100001, { tokenId }, 60);
    expect(signer.pageSession(page)).toEqual({ uid: 100001, tokenId });
    expect(signer.accessUid(page)).toBeNull();
    expect(await signer.verifyRegister(page)).toBeNull();
    expect(signer.pageSession(await signer.signAccess(100001, 60))).toBeNull();
    expect(signer.pageSession(await signer.signRegister('a@b.cn', 60))).toBeNull();
  });

  it('refuses page sessions that are expired, forged or whose subject is not <uid>.<refresh token id>', async () => {
    const page = { alg: 'HS256', typ: 'xb-page+jwt' };
    const id = 'Ab0_-'.repeat(8) + 'xyz';
    const other = new TextEncoder().encode('another-secret-another-secret-another');
    expect(signer.pageSession(craft(page, { sub: `100001.${id}`, exp: now() + 60 }))).toEqual({ uid: 100001, tokenId: id });
    const cases: Record<string, string> = {
      expired: craft(page, { sub: `100001.${id}`, exp: now() - 1 }),
      'another key': craft(page, { sub: `100001.${id}`, exp: now() + 60 }, other),
      'uid only': craft(page, { sub: '100001', exp: now() + 60 }),
      'token id only': craft(page, { sub: id, exp: now() + 60 }),
      'uid zero': craft(page, { sub: `0.${id}`, exp: now() + 60 }),
      // The page cookies of before: a login family, not a token.
      'a family (uuid)': craft(page, { sub: '100001.0b7c4f8e-1d2a-4c3b-9e5f-6a7b8c9d0e1f', exp: now() + 60 }),
      'token id too short': craft(page, { sub: `100001.${id.slice(1)}`, exp: now() + 60 }),
      'trailing text': craft(page, { sub: `100001.${id}.x`, exp: now() + 60 }),
      'uid past 2^53': craft(page, { sub: `9999999999999999.${id}`, exp: now() + 60 }),
    };
    for (const [name, token] of Object.entries(cases)) expect(signer.pageSession(token), name).toBeNull();
  });

  it('accepts a token jose signed with the same key', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader(access)
      .setSubject('100002')
      .setIssuedAt()
      .setExpirationTime(now() + 60)
      .sign(key);
    expect(signer.accessUid(token)).toBe(100002);
  });

  it('refuses expired, not-yet-valid, forged, tampered and wrongly shaped tokens', async () => {
    const good = await signer.signAccess(100001, 60);
    const [h, p, s] = good.split('.') as [string, string, string];
    const other = new TextEncoder().encode('another-secret-another-secret-another');
    const cases: Record<string, string> = {
      expired: craft(access, { sub: '100001', exp: now() - 1 }),
      'expiring this second': craft(access, { sub: '100001', exp: now() }),
      'without exp': craft(access, { sub: '100001' }),
      'exp as text': craft(access, { sub: '100001', exp: String(now() + 60) }),
      'nbf in the future': craft(access, { sub: '100001', exp: now() + 60, nbf: now() + 30 }),
      'iat as text': craft(access, { sub: '100001', exp: now() + 60, iat: 'now' }),
      'another key': craft(access, { sub: '100001', exp: now() + 60 }, other),
      'alg none': `${b64({ alg: 'none', typ: 'xb-access+jwt' })}.${p}.`,
      'alg HS512 header': craft({ alg: 'HS512', typ: 'xb-access+jwt' }, { sub: '100001', exp: now() + 60 }),
      'no typ': craft({ alg: 'HS256' }, { sub: '100001', exp: now() + 60 }),
      crit: craft({ ...access, crit: ['x'], x: 1 }, { sub: '100001', exp: now() + 60 }),
      'payload swapped': `${h}.${b64({ sub: '100003', exp: now() + 60 })}.${s}`,
      'signature altered': `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`,
      'signature padded': `${good}=`,
      'four parts': `${good}.x`,
      'not json': craft(access, 'plain'),
      'array payload': craft(access, [1]),
      'uid zero': craft(access, { sub: '0', exp: now() + 60 }),
      'uid not digits': craft(access, { sub: '1e5', exp: now() + 60 }),
      'uid a number': craft(access, { sub: 100001, exp: now() + 60 }),
      'uid past 2^53': craft(access, { sub: '9999999999999999', exp: now() + 60 }),
      empty: '',
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(cases)) expect(signer.accessUid(token), name).toBeNull();
  });
});
