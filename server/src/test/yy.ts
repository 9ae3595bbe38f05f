/** Helpers for the yy, comment and upload tests: signed-in members, pictures, multipart bodies. */
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { TokenSigner } from '../api/auth/tokens';
import type { Config } from '../config';
import type { TestApp } from './helpers';
import { startTestApp, TEST_JWT_SECRET } from './helpers';
import { createUser } from './users';

const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Member {
  uid: number;
  token: string;
  call(method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
  upload(body: Buffer, filename?: string, contentType?: string, field?: string): Promise<LightMyRequestResponse>;
}

/** Post limits off; the limits have their own tests, elsewhere they would only get in the way. */
export const NO_POST_LIMITS: Partial<Config> = { postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 } };

/** The app over a fresh database without post limits, and two members: 小爱 first, then 小波. */
export async function startWithAliceAndBob(): Promise<{ t: TestApp; alice: Member; bob: Member }> {
  const t = await startTestApp(NO_POST_LIMITS);
  const alice = await member(t, '小爱');
  const bob = await member(t, '小波');
  return { t, alice, bob };
}

/** A user with a valid access token (no login round trip). */
export async function member(t: TestApp, name = '测试用户'): Promise<Member> {
  const { uid } = await createUser(t.pool, { name });
  const token = await signer.signAccess(uid, 900);
  const headers = { authorization: `Bearer ${token}` };
  return {
    uid,
    token,
    call: (method, url, payload) => t.app.inject({ method, url, payload, headers }),
    upload: (body, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file') => {
      const form = multipart(field, filename, contentType, body);
      return t.app.inject({ method: 'POST', url: '/api/yy/upload', payload: form.body, headers: { ...headers, 'content-type': form.contentType } });
    },
  };
}

export function multipart(field: string, filename: string, contentType: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----xbtest' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const solid = (width: number, height: number, background = '#4a90d9') => sharp({ create: { width, height, channels: 3, background } });

/** A JPEG straight from a "camera": EXIF with GPS, a maker, and orientation 6 (turn 90° clockwise). */
export function jpegWithGps(width = 400, height = 200): Promise<Buffer> {
  return solid(width, height)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'KidCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether raw EXIF holds a GPS block (the GPS IFD pointer tag 0x8825, either byte order). */
export function hasGpsBlock(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

export const pngImage = (width = 64, height = 48) => solid(width, height, '#ff8800').png().toBuffer();
export const webpImage = (width = 64, height = 48) => solid(width, height, '#22aa66').webp().toBuffer();

/** An animated GIF of `frames` coloured frames. */
export function animatedGif(width = 40, height = 30, frames = 3): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const frame = Math.floor(i / 3 / (width * height));
    raw[i] = frame * 80;
    raw[i + 1] = 120;
    raw[i + 2] = 255 - frame * 80;
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array(frames).fill(120), loop: 0 })
    .toBuffer();
}

/** Noise compresses badly: a photo-like JPEG of about `bytes` size. */
export async function noisyJpeg(width: number, height: number, quality = 95): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export function json(res: LightMyRequestResponse): { code: number; msg: string; data?: any } {
  return res.json();
}
