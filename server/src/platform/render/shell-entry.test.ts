/**
 * The shell's real server entry through the render sandbox (docs/adr/0016 "Step 3"):
 * shell/dist/server/ entry.mjs, the frame of a signed-in page, as `npm run build -w @xiaoba/shell`
 * made it (this test builds nothing of the shell; turbo builds it before the server's tests). The
 * sandbox's child may read only that folder, so a render that succeeds also shows the file carries
 * every library it needs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_AREA_SLOT } from '@xiaoba/shared/page-render';
import { REPO_ROOT } from '../../paths';
import { entryBuilt, openEntrySandbox, SAMPLE_USER, type EntrySandbox } from '../../test/render';
import { foreignImports } from './entry-imports';
import type { RenderSandbox } from './sandbox';

const root = path.join(REPO_ROOT, 'shell', 'dist', 'server');
const entry = path.join(root, 'entry.mjs');
const built = entryBuilt(entry, 'shell');

// The moon skin: its header colour is asserted below.
const me = { ...SAMPLE_USER, skin: 'moon' };
const auth = { token: 'token-abc', user: me, today: '2025-11-25', myspace: true };

let opened: EntrySandbox;
let sandbox: RenderSandbox;
let warnings: string[];

describe.skipIf(!built)("the shell's built server entry", () => {
  beforeAll(async () => {
    opened = await openEntrySandbox('shell', root);
    ({ sandbox, warnings } = opened);
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('is one file that imports nothing but Node built-ins', () => {
    expect(foreignImports(readFileSync(entry, 'utf8'))).toEqual([]);
  });

  it("renders the frame of a signed-in page: the user's header, the empty area once in <main>, the skin's styles", async () => {
    const result = await sandbox.render({ entry, props: { path: '/my', state: { auth } } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.html.replace(/<!-- -->/g, '')).toContain('你好，小巴同学');
    expect(result.html.split(SERVER_AREA_SLOT).length).toBe(2);
    expect(result.html).toMatch(new RegExp(`<main[^>]*id="main"[^>]*>${SERVER_AREA_SLOT}</main>`));
    expect(result.css).toMatch(/^<style[^>]*data-styled/);
    expect(result.css).toContain('#0c1126'); // the moon skin's header colour (shared/src/core/skin-palettes.ts)
  });

  it('shows the archive note in archive mode', async () => {
    const result = await sandbox.render({ entry, props: { path: '/home', state: { auth }, archive: true } });
    expect(result.ok && result.html).toContain('存档说明');
  });

  it('answers error for props without a session state, and the child serves the next render', async () => {
    expect(await sandbox.render({ entry, props: { path: '/my' } })).toEqual({ ok: false, reason: 'error' });
    expect(warnings.join('\n')).toContain('props.state.auth is missing');
    expect((await sandbox.render({ entry, props: { path: '/100002', state: { auth } } })).ok).toBe(true);
  });
});
