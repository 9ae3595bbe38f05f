/**
 * Where stored pictures live (yy pictures `yy/<32 hex>.webp`, avatars `avatars/<32 hex>.webp`):
 * one interface, two drivers. The local directory (UPLOADS_DIR, the default) serves one machine;
 * S3-compatible object storage (S3_BUCKET, with MinIO/R2/Ceph through S3_ENDPOINT) lets several
 * machines share the pictures. The server always streams them itself at /uploads/…, so the browser
 * never knows which driver is in use.
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { mkdir, opendir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config, S3Config } from '../config';

export interface StoredObject {
  body: Readable;
  contentType: string;
  /** A quoted strong ETag. */
  etag: string;
  size: number;
}

export interface UploadStorage {
  readonly kind: 'local' | 's3';
  /** Stores a new object; keys are random and never reused. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes objects; one already gone is no error. */
  delete(keys: string[]): Promise<void>;
  /** Fails with a clear message when the storage cannot be used (checked at start-up). */
  check(): Promise<void>;
  /** Every stored object (key and size in bytes), in no set order; read page by page (backups). */
  list(): AsyncIterable<ListedObject>;
}

export interface ListedObject {
  key: string;
  size: number;
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/** Keys are `folder/name.ext` with no dot segments; anything else is refused before touching storage. */
function validKey(key: string): boolean {
  return /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/.test(key) && !key.split('/').some((s) => s.startsWith('.'));
}

export class LocalStorage implements UploadStorage {
  readonly kind = 'local';
  constructor(readonly dir: string) {}

  private full(key: string): string {
    if (!validKey(key)) throw new Error(`invalid upload key ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.full(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data, { flag: 'wx' });
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!validKey(key)) return null;
    const full = this.full(key);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      body: createReadStream(full),
      contentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
      size: info.size,
    };
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        unlink(this.full(key)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    );
  }

  async check(): Promise<void> {}

  async *list(): AsyncIterable<ListedObject> {
    // Folder by folder with opendir, so a large upload folder is never read into memory at once.
    async function* walk(dir: string, prefix: string): AsyncIterable<ListedObject> {
      let handle;
      try {
        handle = await opendir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for await (const entry of handle) {
        const key = prefix + entry.name;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key + '/');
        else if (entry.isFile() && validKey(key)) yield { key, size: (await stat(path.join(dir, entry.name))).size };
      }
    }
    yield* walk(this.dir, '');
  }
}

export class S3Storage implements UploadStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  constructor(readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
      // MinIO, R2 and older Ceph refuse or mishandle the default CRC checksums on every request.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    if (!validKey(key)) throw new Error(`invalid upload key ${JSON.stringify(key)}`);
    return this.config.prefix + key;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), Body: data, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!validKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      if (!out.Body) return null;
      return {
        body: out.Body as Readable,
        contentType: out.ContentType || TYPES[path.extname(key).toLowerCase()] || 'application/octet-stream',
        etag: out.ETag ?? `"${key}"`,
        size: out.ContentLength ?? 0,
      };
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    // One request per key: DeleteObjects needs a Content-MD5 some S3-compatible stores insist on.
    await Promise.all(keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }))));
  }

  async check(): Promise<void> {
    try {
      await this.client.config.credentials();
    } catch {
      throw new Error(
        'S3_BUCKET is set but no S3 credentials were found: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS credentials the SDK finds itself)',
      );
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: this.config.prefix || undefined, ContinuationToken: token }),
      );
      for (const item of out.Contents ?? []) {
        const key = (item.Key ?? '').slice(this.config.prefix.length);
        // Objects of other applications sharing the bucket (keys this site never makes) are left out.
        if (validKey(key)) yield { key, size: item.Size ?? 0 };
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The driver the configuration names: S3 when S3_BUCKET is set, else the local directory. */
export function createStorage(config: Pick<Config, 'uploadsDir' | 's3'>): UploadStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.uploadsDir);
}
