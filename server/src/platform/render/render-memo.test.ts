/**
 * Renders answered once for the same input (render-memo.ts), over a stand-in sandbox that counts
 * what it is asked: the memo's own rules, without child processes (sandbox.test.ts has those).
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoizeRenders } from './render-memo';
import type { RenderRequest, RenderResult, RenderSandbox } from './sandbox';

let dir: string;
let entry: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'xb-render-memo-'));
  entry = path.join(dir, 'entry.mjs');
  await writeFile(entry, 'export function render() {}');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A sandbox that answers each request with the number of requests so far (or as `answer` says), after `waitMs`. */
function countingSandbox(answer?: (request: RenderRequest, n: number) => RenderResult, waitMs = 0) {
  const asked: RenderRequest[] = [];
  const sandbox: RenderSandbox = {
    async render(request) {
      asked.push(request);
      const n = asked.length;
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      return answer ? answer(request, n) : { ok: true, html: `<p>${n}</p>`, css: '', data: { n, list: [{ n }] } };
    },
    warm: () => undefined,
    containment: () => null,
    close: async () => {},
  };
  return { sandbox, asked };
}

describe('renders kept by input', () => {
  it('answers the same entry, call and props again without asking a child', async () => {
    const { sandbox, asked } = countingSandbox();
    const memo = memoizeRenders(sandbox, { ttlMs: 60_000, maxBytes: 1 << 20 });
    const first = await memo.render({ entry, props: { path: '/my', state: { uid: 1 } } });
    const again = await memo.render({ entry, props: { path: '/my', state: { uid: 1 } } });
    expect(first).toMatchObject({ ok: true, html: '<p>1</p>' });
    expect(again).toEqual(first);
    expect(asked).toHaveLength(1);
    // Other props (another user, another page), or the plan rather than the render: asked.
    expect(await memo.render({ entry, props: { path: '/my', state: { uid: 2 } } })).toMatchObject({ html: '<p>2</p>' });
    expect(await memo.render({ entry, props: { path: '/home', state: { uid: 1 } } })).toMatchObject({ html: '<p>3</p>' });
    expect(await memo.render({ entry, call: 'plan', props: { path: '/my', state: { uid: 1 } } })).toMatchObject({ html: '<p>4</p>' });
    expect(asked).toHaveLength(4);
  });

  it('gives renders asked side by side with the same input one answer', async () => {
    const { sandbox, asked } = countingSandbox(undefined, 30);
    const memo = memoizeRenders(sandbox, { ttlMs: 60_000, maxBytes: 1 << 20 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => memo.render({ entry, props: { path: '/my' } })));
    expect(asked).toHaveLength(1);
    expect(new Set(answers.map((a) => (a.ok ? a.html : a.reason)))).toEqual(new Set(['<p>1</p>']));
  });

  it('keeps no failure: the next request asks again', async () => {
    const { sandbox, asked } = countingSandbox((_request, n) => (n === 1 ? { ok: false, reason: 'timeout' } : { ok: true, html: 'ok', css: '', data: null }));
    const memo = memoizeRenders(sandbox, { ttlMs: 60_000, maxBytes: 1 << 20 });
    expect(await memo.render({ entry, props: {} })).toEqual({ ok: false, reason: 'timeout' });
    expect(await memo.render({ entry, props: {} })).toMatchObject({ ok: true, html: 'ok' });
    expect(await memo.render({ entry, props: {} })).toMatchObject({ ok: true, html: 'ok' });
    expect(asked).toHaveLength(2);
  });

  it('asks again once the answer is older than ttlMs', async () => {
    let now = 1_000_000;
    const { sandbox, asked } = countingSandbox();
    const memo = memoizeRenders(sandbox, { ttlMs: 5000, maxBytes: 1 << 20, now: () => now });
    await memo.render({ entry, props: {} });
    now += 4999;
    expect(await memo.render({ entry, props: {} })).toMatchObject({ html: '<p>1</p>' });
    now += 2;
    expect(await memo.render({ entry, props: {} })).toMatchObject({ html: '<p>2</p>' });
    expect(asked).toHaveLength(2);
  });

  it('asks again when the entry file is a new version (a rebuild, a publish)', async () => {
    const file = path.join(dir, 'rebuilt.mjs');
    await writeFile(file, 'export function render() { return 1; }');
    const { sandbox, asked } = countingSandbox();
    const memo = memoizeRenders(sandbox, { ttlMs: 60_000, maxBytes: 1 << 20 });
    await memo.render({ entry: file, props: {} });
    await writeFile(file, 'export function render() { return 22; }');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await memo.render({ entry: file, props: {} })).toMatchObject({ html: '<p>2</p>' });
    // A missing entry is the sandbox's to answer, every time.
    await memo.render({ entry: path.join(dir, 'missing.mjs'), props: {} });
    await memo.render({ entry: path.join(dir, 'missing.mjs'), props: {} });
    expect(asked).toHaveLength(4);
  });

  it('stays within maxBytes, the least recently used answer going first', async () => {
    const big = 'x'.repeat(1000);
    const { sandbox, asked } = countingSandbox((request) => ({ ok: true, html: big, css: '', data: (request.props as { n: number }).n }));
    const memo = memoizeRenders(sandbox, { ttlMs: 60_000, maxBytes: 2500 });
    const ask = async (n: number) => {
      await memo.render({ entry, props: { n } });
      // The answer's size is counted once it has arrived.
      await new Promise((resolve) => setImmediate(resolve));
    };
    await ask(1);
    await ask(2);
    await ask(1); // 1 is now the most recently used
    await ask(3); // over the bound: 2 goes
    expect(memo.keptBytes).toBeLessThanOrEqual(2500);
    expect(asked).toHaveLength(3);
    await ask(1);
    expect(asked).toHaveLength(3);
    await ask(2);
    expect(asked).toHaveLength(4);
  });

  it('freezes a kept answer, so no caller changes it for the next page', async () => {
    const { sandbox } = countingSandbox();
    const memo = memoizeRenders(sandbox, { ttlMs: 60_000, maxBytes: 1 << 20 });
    const answer = await memo.render({ entry, props: {} });
    if (!answer.ok) throw new Error('not ok');
    expect(() => {
      (answer.data as { list: { n: number }[] }).list[0]!.n = 99;
    }).toThrow(TypeError);
    expect(await memo.render({ entry, props: {} })).toMatchObject({ data: { n: 1, list: [{ n: 1 }] } });
  });

  it('with ttlMs 0 asks a child every time', async () => {
    const { sandbox, asked } = countingSandbox();
    const memo = memoizeRenders(sandbox, { ttlMs: 0, maxBytes: 1 << 20 });
    await memo.render({ entry, props: {} });
    await memo.render({ entry, props: {} });
    expect(asked).toHaveLength(2);
  });
});
