import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestS3, type TestS3 } from '../test/s3';
import { LocalStorage, S3Storage, type UploadStorage } from './storage';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const key = (folder = 'yy') => `${folder}/${randomBytes(16).toString('hex')}.webp`;

function contract(name: string, start: () => Promise<{ storage: UploadStorage; close(): Promise<void> }>) {
  describe(`${name} storage`, () => {
    let storage: UploadStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await start());
      await storage.check();
    });
    afterAll(() => close());

    it('gives back what was put, with its type, size and an ETag', async () => {
      const k = key();
      const data = randomBytes(5000);
      await storage.put(k, data, 'image/webp');
      const got = await storage.get(k);
      expect(got).not.toBeNull();
      expect(got!.contentType).toBe('image/webp');
      expect(got!.size).toBe(data.length);
      expect(got!.etag).toMatch(/^"[^"]+"$/);
      expect((await readAll(got!.body)).equals(data)).toBe(true);
    });

    it('answers null for a key never stored, and for keys that are not keys', async () => {
      expect(await storage.get(key('avatars'))).toBeNull();
      for (const bad of ['../x.webp', 'yy/../../x.webp', 'yy/.hidden.webp', '', 'yy']) expect(await storage.get(bad)).toBeNull();
    });

    it('deletes objects, and deleting one already gone is no error', async () => {
      const [a, b, c] = [key(), key('avatars'), key()];
      await storage.put(a, Buffer.from('a'), 'image/webp');
      await storage.put(b, Buffer.from('b'), 'image/webp');
      await storage.put(c, Buffer.from('c'), 'image/webp');
      await storage.delete([a, b, key()]);
      await storage.delete([a]);
      expect(await storage.get(a)).toBeNull();
      expect(await storage.get(b)).toBeNull();
      const kept = await storage.get(c);
      expect((await readAll(kept!.body)).toString()).toBe('c');
    });
  });
}

contract('local', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'xb-store-'));
  return { storage: new LocalStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

let s3: TestS3;
contract('S3', async () => {
  s3 = await startTestS3('contract', 'site/');
  return { storage: new S3Storage(s3.config), close: () => s3.close() };
});

describe('S3 keys', () => {
  it('puts S3_PREFIX before every key', async () => {
    const server = await startTestS3('prefixed', 'xiaoba/');
    try {
      const storage = new S3Storage(server.config);
      const k = key();
      await storage.put(k, Buffer.from('x'), 'image/webp');
      const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: 'prefixed' }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual([`xiaoba/${k}`]);
    } finally {
      await server.close();
    }
  });
});

describe('S3 configuration', () => {
  it('is off without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  it('reads the variables, with us-east-1 and a slash-ended prefix by default', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'pics',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: 'xiaoba',
      }).s3,
    ).toEqual({
      bucket: 'pics',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'xiaoba/',
    });
  });

  it('names the missing half of a key pair, and a bad endpoint', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('S3 credentials', () => {
  it('fails the start-up check naming the variables when the SDK finds no credentials', async () => {
    const saved = { ...process.env };
    for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
    process.env.AWS_EC2_METADATA_DISABLED = 'true';
    process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent/credentials';
    process.env.AWS_CONFIG_FILE = '/nonexistent/config';
    try {
      const storage = new S3Storage({ ...loadConfig({ S3_BUCKET: 'b' }).s3! });
      await expect(storage.check()).rejects.toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    } finally {
      process.env = saved;
    }
  });
});
