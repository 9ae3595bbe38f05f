/**
 * Signed tokens (JWT HS256): the short-lived access token, the registration ticket and the page
 * session (the `xb_page` cookie). Signed and verified here with node:crypto's HMAC, synchronously:
 * every signed-in call verifies one, and jose's WebCrypto path (a key import and a thread-pool job
 * per call) was a quarter of the server's CPU time under load (docs/adr/0009-api-read-path.md);
 * every server-rendered page signs one (140 µs with jose, 14 µs here, the same token).
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Pool } from '../../data/pool';

// The `typ` header keeps the kinds apart: a registration ticket or a page session is never an
// access token, and an access token never a page session.
const ACCESS_TYP = 'xb-access+jwt';
const REGISTER_TYP = 'xb-register+jwt';
const PAGE_TYP = 'xb-page+jwt';

/** `<uid>.<refresh token id>`: the id is the token's sha256 in base64url (api/auth/refresh.ts). */
const PAGE_SUBJECT = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

export interface PageSessionClaims {
  uid: number;
  /** The refresh token this page session goes with (IssuedRefreshToken.tokenId). */
  tokenId: string;
}

export class TokenSigner {
  private readonly hmacKey: KeyObject;

  constructor(key: Uint8Array) {
    this.hmacKey = createSecretKey(key);
  }

  signAccess(uid: number, ttlSeconds: number): Promise<string> {
    return this.sign(ACCESS_TYP, String(uid), ttlSeconds);
  }

  /** The caller's uid, or null when the token is missing, malformed, forged or expired. */
  accessUid(token: string): number | null {
    const subject = this.verify(ACCESS_TYP, token);
    if (subject === null || !/^[1-9]\d{0,15}$/.test(subject)) return null;
    const uid = Number(subject);
    return Number.isSafeInteger(uid) ? uid : null;
  }

  /** `accessUid` for callers that await. */
  async verifyAccess(token: string): Promise<number | null> {
    return this.accessUid(token);
  }

  /** A ticket saying this (lower-cased) e-mail passed the registration quiz. */
  signRegister(email: string, ttlSeconds: number): Promise<string> {
    return this.sign(REGISTER_TYP, email, ttlSeconds);
  }

  async verifyRegister(token: string): Promise<string | null> {
    return this.verify(REGISTER_TYP, token);
  }

  /**
   * The page session: names the refresh token issued with it. Only proof of the login while that
   * token is the current one of its family, which its reader checks (api/auth/page-session.ts).
   */
  signPage(uid: number, refresh: { tokenId: string }, ttlSeconds: number): Promise<string> {
    return this.sign(PAGE_TYP, `${uid}.${refresh.tokenId}`, ttlSeconds);
  }

  /** The uid and refresh token id of a page session, or null when missing, malformed, forged or expired. */
  pageSession(token: string): PageSessionClaims | null {
    const match = PAGE_SUBJECT.exec(this.verify(PAGE_TYP, token) ?? '');
    if (!match) return null;
    const uid = Number(match[1]);
    return Number.isSafeInteger(uid) ? { uid, tokenId: match[2]! } : null;
  }

  /** A compact HS256 JWS as jose's SignJWT writes it: header { alg, typ }, claims { sub, iat, exp }. */
  private async sign(typ: string, subject: string, ttlSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: subject, iat: now, exp: now + ttlSeconds })).toString('base64url');
    return `${head}.${body}.${createHmac('sha256', this.hmacKey).update(`${head}.${body}`).digest('base64url')}`;
  }

  /**
   * The subject of a compact HS256 JWS of this `typ`, signed with our key and not expired; else
   * null. As strict as jose's jwtVerify for what we sign: canonical base64url parts, the header's
   * alg and typ, no `crit`, numeric exp (required, in the future), nbf and iat when present.
   */
  private verify(typ: string, token: string): string | null {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return null;
    const [head, body, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.hmacKey).update(`${head}.${body}`).digest('base64url');
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
    const header = parseJson(head);
    if (!header || header.alg !== 'HS256' || header.typ !== typ || 'crit' in header) return null;
    const claims = parseJson(body);
    if (!claims) return null;
    const now = Math.floor(Date.now() / 1000);
    const { exp, nbf, iat, sub } = claims;
    if (typeof exp !== 'number' || exp <= now) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
    if (iat !== undefined && typeof iat !== 'number') return null;
    return typeof sub === 'string' ? sub : null;
  }
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The signing key: JWT_SECRET when set, otherwise one random key created by whichever process
 * starts first and kept in the database, so every API process signs and verifies alike.
 */
export async function loadSigningKey(pool: Pool, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await pool.query(`INSERT INTO app_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64url')]);
  const { rows } = await pool.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`);
  return Buffer.from(rows[0]!.value, 'base64url');
}
