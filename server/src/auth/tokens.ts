/** Signed tokens (JWT HS256 via jose): the short-lived access token and the registration ticket. */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Pool } from '../db/pool';

// The `typ` header keeps the two kinds apart: a registration ticket is never an access token.
const ACCESS_TYP = 'xb-access+jwt';
const REGISTER_TYP = 'xb-register+jwt';

export class TokenSigner {
  constructor(private readonly key: Uint8Array) {}

  signAccess(uid: number, ttlSeconds: number): Promise<string> {
    return this.sign(ACCESS_TYP, String(uid), ttlSeconds);
  }

  /** The caller's uid, or null when the token is missing, malformed, forged or expired. */
  async verifyAccess(token: string): Promise<number | null> {
    const subject = await this.verify(ACCESS_TYP, token);
    const uid = Number(subject);
    return Number.isSafeInteger(uid) && uid > 0 ? uid : null;
  }

  /** A ticket saying this (lower-cased) e-mail passed the registration quiz. */
  signRegister(email: string, ttlSeconds: number): Promise<string> {
    return this.sign(REGISTER_TYP, email, ttlSeconds);
  }

  verifyRegister(token: string): Promise<string | null> {
    return this.verify(REGISTER_TYP, token);
  }

  private sign(typ: string, subject: string, ttlSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ })
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  private async verify(typ: string, token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], typ });
      return payload.sub ?? null;
    } catch {
      return null;
    }
  }
}

/**
 * The signing key: JWT_SECRET when set, otherwise one random key created by whichever process
 * starts first and kept in the database, so every API process signs and verifies alike.
 */
export async function loadSigningKey(pool: Pool, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await pool.query(
    `INSERT INTO app_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64url')],
  );
  const { rows } = await pool.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`);
  return Buffer.from(rows[0]!.value, 'base64url');
}
