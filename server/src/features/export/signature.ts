/**
 * The export's signature (`signature.txt`: `hmac-sha256:<hex>` of data.json's bytes). Other users'
 * words in an export (comments on the user's yy, messages on the user's board) are restored by an
 * import only when this site signed that data.json: otherwise anyone could forge them in a ZIP.
 * The key is derived from the token signing key, so instances that share JWT_SECRET (or a site
 * after a reset that keeps it) trust each other's exports; the user's own words need no signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadSigningKey } from '../../api/auth/tokens';
import type { Config } from '../../config';
import type { Pool } from '../../data/pool';

export const SIGNATURE_FILE = 'signature.txt';
const PREFIX = 'hmac-sha256:';

export async function exportKey(pool: Pool, config: Pick<Config, 'jwtSecret'>): Promise<Buffer> {
  const signing = await loadSigningKey(pool, config.jwtSecret);
  return createHmac('sha256', signing).update('xiaoba-export-signature-v1').digest();
}

export function signData(key: Buffer, dataJson: Buffer): string {
  return PREFIX + createHmac('sha256', key).update(dataJson).digest('hex') + '\n';
}

/** Whether `signature` (the file's text) is this site's signature of `dataJson`. */
export function verifyData(key: Buffer, dataJson: Buffer, signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signData(key, dataJson).trim());
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
