/** An S3-compatible server (s3rver) in the test process, on a free port with a temporary directory. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types.
import S3rver from 's3rver';
import type { S3Config } from '../config';

export interface TestS3 {
  config: S3Config;
  directory: string;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'xiaoba-test', prefix = ''): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'xb-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    },
    directory,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
