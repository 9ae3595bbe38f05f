// @vitest-environment node
// Node, as the render sandbox's child: no window, document or localStorage, so any browser access
// in the frame's render throws here.
import { describe, expect, it } from 'vitest';
import { initialAuthState, themes, type UserInfo } from '@xiaoba/shared';
import { SERVER_AREA_SLOT } from '@xiaoba/shared/page-render';
import { ARCHIVE_NOTE } from './layout/Layout';
import { render, type ShellRenderProps } from './server';

const me: UserInfo = {
  uid: 10001,
  name: '小巴同学',
  email: 'kid@xiaoba.cn',
  babadou: 0,
  experience: 120,
  qianming: '',
  qm: '',
  sex: 0,
  follows: 3,
  fans: 5,
  face: 0,
  avatar: '',
  ctime: 1_450_000_000,
  skin: 'pinkcat',
  birthday: '2000-02-29',
  lastTime: 1_764_000_000,
  sign: 0,
};

const signedIn = (extra: Partial<ShellRenderProps> = {}): ShellRenderProps => ({
  path: '/my',
  state: { auth: { ...initialAuthState, token: 'token-abc', user: me, today: '2025-11-25' } },
  ...extra,
});

/** The text as a reader sees it: React separates adjacent text nodes with empty comments. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe("the shell's server render (the frame of a signed-in page)", () => {
  it('greets the signed-in user in the header, with the site navigation and the skip link', async () => {
    const { html } = await render(signedIn());
    expect(text(html)).toContain('你好，小巴同学');
    expect(html).toContain('aria-label="主导航"');
    expect(html).toContain('href="/my"');
    expect(html).toContain('跳到正文');
    // A plain user has no moderation link; a moderator has.
    expect(html).not.toContain('管理');
    expect((await render(signedIn({ state: { auth: { ...initialAuthState, user: { ...me, role: 'moderator' } } } }))).html).toContain('管理');
  });

  it("leaves <main> holding exactly the empty area slot, once, whatever the page's path", async () => {
    for (const path of ['/my', '/home', '/100002', '/search?q=%E8%B6%B3%E7%90%83']) {
      const { html } = await render(signedIn({ path }));
      expect(html.split(SERVER_AREA_SLOT).length, path).toBe(2);
      expect(html, path).toMatch(new RegExp(`<main[^>]*id="main"[^>]*>${SERVER_AREA_SLOT}</main>`));
    }
  });

  it('renders the not-found page in <main>, as the browser’s router does, with its title, for a path no route owns', async () => {
    const { html, state } = await render(signedIn({ path: '/notfound', notFound: true }));
    expect(html).not.toContain(SERVER_AREA_SLOT);
    expect(text(html)).toMatch(/<main[^>]*><section[^>]*><h1>404<\/h1><p>你要找的页面不见了/);
    expect(html).toContain('href="/home"');
    expect(state).toEqual({ title: '页面不存在' });
    expect(text((await render(signedIn({ path: '/a/b/c', notFound: true }))).html)).toMatch(/<main[^>]*><section/);
    expect((await render(signedIn({ path: '/notfound' }))).html).toContain(SERVER_AREA_SLOT);
    expect((await render(signedIn())).state).toEqual({});
  });

  it('shows the words searched in the header search box on /search', async () => {
    const { html } = await render(signedIn({ path: '/search?q=%E8%B6%B3%E7%90%83' }));
    expect(html).toMatch(/<input[^>]*id="site-search"[^>]*value="足球"/);
  });

  it('returns the styles of the classes it uses', async () => {
    const { html, css } = await render(signedIn());
    expect(css).toMatch(/^<style[^>]*data-styled/);
    const classes = [...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')).filter((c) => /^[a-zA-Z]{5,}$/.test(c) && /[A-Z]/.test(c));
    // styled-components' generated names (not NavLink's `active` or the global `visually-hidden`).
    expect(classes.length).toBeGreaterThan(5);
    for (const c of classes) expect(css).toContain(`.${c}`);
  });

  it("shows the user's own skin, or the skin given, and the default for an unknown one", async () => {
    const own = (await render(signedIn())).css;
    expect(own).toContain(themes.pinkcat.headerBackground);
    const moon = (await render(signedIn({ skin: 'moon' }))).css;
    expect(moon).toContain(themes.moon.headerBackground);
    expect(moon).not.toContain(themes.pinkcat.headerBackground);
    const unknown = (await render(signedIn({ skin: 'no-such-skin' }))).css;
    expect(unknown).toContain(themes[''].headerBackground);
    // The skin in the UI state counts when no skin is given.
    expect((await render(signedIn({ state: { auth: { ...initialAuthState, user: me }, ui: { skin: 'rain' } } }))).css).toContain(themes.rain.headerBackground);
  });

  it('shows the archive note in archive mode only', async () => {
    expect(text((await render(signedIn({ archive: true }))).html)).toContain(ARCHIVE_NOTE);
    expect(text((await render(signedIn())).html)).not.toContain(ARCHIVE_NOTE);
    expect(text((await render(signedIn({ archive: false, state: { auth: { ...initialAuthState, user: me }, ui: { archive: true } } }))).html)).not.toContain(
      ARCHIVE_NOTE,
    );
  });

  it('renders without `ui`, without a token, and shows no loading overlay unless the state says so', async () => {
    const { html } = await render({ path: '/home', state: { auth: { ...initialAuthState, user: me } } });
    expect(text(html)).toContain('你好，小巴同学');
    expect(html).not.toContain('aria-label="加载中"');
    expect((await render(signedIn({ state: { auth: { ...initialAuthState, user: me }, ui: { loading: true } } }))).html).toContain('aria-label="加载中"');
  });

  it('throws for props without a path or a session state (the sandbox answers `error`)', async () => {
    await expect(render({ state: { auth: initialAuthState } } as unknown as ShellRenderProps)).rejects.toThrow(/props.path/);
    await expect(render({ path: '/my' } as unknown as ShellRenderProps)).rejects.toThrow(/state.auth/);
  });
});
