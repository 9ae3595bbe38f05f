/** Test helpers for export, import and archive: a space with every kind of record, ZIP reading and writing. */
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import type { TestApp } from '../../test/helpers';
import { json, multipart, pngImage, webpImage, type Member } from '../../test/yy';

/** A site folder with only the emoji pictures the tests use (shared's build is not needed). */
export async function emojiSite(): Promise<string> {
  const dir = path.join(tmpdir(), `xb-site-${randomBytes(6).toString('hex')}`);
  await mkdir(path.join(dir, 'shared', 'dist', 'emoji'), { recursive: true });
  for (const code of ['b1', 'b12', 'm55']) {
    await writeFile(path.join(dir, 'shared', 'dist', 'emoji', `${code}.svg`), `<svg xmlns="http://www.w3.org/2000/svg"><title>${code}</title></svg>`);
  }
  return dir;
}

export async function ok(res: Promise<{ statusCode: number; json(): any }> | { statusCode: number; json(): any }): Promise<any> {
  const r = await res;
  expect(r.statusCode, JSON.stringify(r.json())).toBe(200);
  return r.json().data;
}

/** Every kind of record around alice; carol's own things stay outside her export. */
export async function buildSpace(t: TestApp, alice: Member, bob: Member, carol: Member) {
  const pic1 = await ok(alice.upload(await pngImage(80, 60)));
  const pic2 = await ok(alice.upload(await webpImage(40, 30)));
  const post = await ok(alice.call('POST', '/api/yy/createyy', { content: '第一条 <b>粗</b>[b12] & "引号"', images: [pic1.url, pic2.url] }));
  const plain = await ok(alice.call('POST', '/api/yy/createyy', { content: '第二条\n换行[m55]' }));
  const bobPost = await ok(bob.call('POST', '/api/yy/createyy', { content: '小波的yy' }));
  const repost = await ok(alice.call('POST', '/api/yy/createyy', { content: '转一下', transpondId: bobPost.weiboId }));
  const carolPost = await ok(carol.call('POST', '/api/yy/createyy', { content: '小凯的秘密yy' }));
  const bobComment = await ok(bob.call('POST', '/api/comment/add', { content: '好看[b1]', weiboId: post.weiboId }));
  const aliceReply = await ok(
    alice.call('POST', '/api/comment/add', { content: '谢谢', weiboId: post.weiboId, replyCommentId: bobComment.commentId, replyUid: bob.uid }),
  );
  const aliceElsewhere = await ok(alice.call('POST', '/api/comment/add', { content: '我来评论小波', weiboId: bobPost.weiboId }));
  const bobLeave = await ok(bob.call('POST', '/api/leave/add', { content: '小爱你好', fuid: alice.uid }));
  const aliceLeaveReply = await ok(alice.call('POST', '/api/leaveReply/add', { content: '你好呀', leaveId: bobLeave.id }));
  const aliceLeftCarol = await ok(alice.call('POST', '/api/leave/add', { content: '给小凯留言', fuid: carol.uid }));
  const carolReply = await ok(carol.call('POST', '/api/leaveReply/add', { content: '收到', leaveId: aliceLeftCarol.id }));
  await ok(alice.call('POST', `/api/user/updatebigqm?qm=${encodeURIComponent('大签名[b12]')}`));
  await ok(alice.call('POST', `/api/user/updatesmallqm?qm=${encodeURIComponent('小签名')}`));
  const form = multipart('file', 'me.png', 'image/png', await pngImage(300, 300));
  const avatar = await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/api/avatar/upload',
      payload: form.body,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': form.contentType },
    }),
  );
  return {
    pic1,
    pic2,
    post,
    plain,
    bobPost,
    repost,
    carolPost,
    bobComment,
    aliceReply,
    aliceElsewhere,
    bobLeave,
    aliceLeaveReply,
    aliceLeftCarol,
    carolReply,
    avatar,
  };
}

/** Prepares and downloads an export: the raw response and the ZIP bytes. */
export async function exportOf(t: TestApp, m: Member, skin?: string) {
  const prepared = await m.call('POST', '/api/export/prepare', skin === undefined ? undefined : { skin });
  expect(prepared.statusCode, prepared.body).toBe(200);
  const { ticket, size } = json(prepared).data;
  const download = await t.app.inject({ method: 'GET', url: `/api/export/download/${ticket}` });
  return { prepared: json(prepared).data, ticket, size, download, zip: download.rawPayload };
}

/** The entries of a ZIP (name -> bytes). */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('yauzl opened no ZIP'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`yauzl opened no stream for ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A ZIP of the given entries (to build damaged or hostile imports). */
export function zipOf(entries: Array<[string, Buffer | string]>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of entries) zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** POST /api/import with a ZIP as the multipart field `file`. */
export function importZip(t: TestApp, m: Member, zip: Buffer, field = 'file') {
  const form = multipart(field, 'export.zip', 'application/zip', zip);
  return t.app.inject({
    method: 'POST',
    url: '/api/import',
    payload: form.body,
    headers: { authorization: `Bearer ${m.token}`, 'content-type': form.contentType },
  });
}
