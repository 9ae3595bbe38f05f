import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authActions, initialAuthState, SEARCH_MSG, SKINS, themes, uiSlice, useLocation } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { fail, fakeServer, ok, user as savedUser, type Call, type Handler } from '../testing/fake-server';
import { Header, LOGOUT_FAILED, LOGOUT_OK } from './Header';

function renderHeader(handler: Handler, path = '/home') {
  // The header's 小纸条 count (ScripLink.test.tsx) is answered apart: `calls` are the others.
  const calls: Call[] = [];
  fakeServer((call) => (call.path === '/count/getscrip' ? ok({ count: 0 }) : (calls.push(call), handler(call))));
  const user = userEvent.setup();
  const view = renderPage(
    <>
      <Header />
      <p>个人中心页</p>
    </>,
    {
      path,
      routes: [
        { path: '/login', element: <p>登录页</p> },
        {
          path: '/follows',
          element: (
            <>
              <Header />
              <p>我的关注页</p>
            </>
          ),
        },
      ],
      state: {
        auth: { ...initialAuthState, token: 'token-abc', user: savedUser, today: '2025-01-01' },
        ui: { ...uiSlice.getInitialState(), skin: 'moon' },
      },
    },
  );
  return { ...view, user, calls };
}

describe('Header', () => {
  it('greets the user and links the site sections', async () => {
    renderHeader(() => ok());
    expect(await screen.findByText('你好，小明')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['个人中心', '/home'],
      ['我的空间', '/my'],
      ['关注', '/follows'],
      ['小纸条', '/system/scrip'],
      ['帮助', '/help'],
    ]);
    expect(screen.getByRole('link', { name: '个人中心' }).className).toContain('active');
    expect(screen.getByRole('link', { name: '关注' }).getAttribute('aria-current')).toBeNull();
  });

  it('关注 opens 我的关注 and is the current section there and on its sibling 我的粉丝', async () => {
    const { user } = renderHeader(() => ok());
    await user.click(await screen.findByRole('link', { name: '关注' }));
    expect(await screen.findByText('我的关注页')).toBeTruthy();
    expect(screen.getByRole('link', { name: '关注' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '个人中心' }).getAttribute('aria-current')).toBeNull();
  });

  it('关注 is the current section on /fans too', async () => {
    renderHeader(() => ok(), '/fans');
    expect((await screen.findByRole('link', { name: '关注' })).getAttribute('aria-current')).toBe('page');
  });

  it('shows 管理 (the moderation area) to a moderator only, and hides it when the role goes', async () => {
    const { store } = renderHeader(() => ok());
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(screen.queryByRole('link', { name: '管理' })).toBeNull();
    act(() => void store.dispatch(authActions.userPatched({ role: 'moderator' })));
    expect(screen.getByRole('link', { name: '管理' }).getAttribute('href')).toBe('/admin');
    expect(nav.contains(screen.getByRole('link', { name: '管理' }))).toBe(true);
    act(() => void store.dispatch(authActions.userPatched({ role: 'user' })));
    expect(screen.queryByRole('link', { name: '管理' })).toBeNull();
  });

  it('shows the own avatar beside the greeting and follows a change without a reload', async () => {
    const { store } = renderHeader(() => ok());
    const avatar = await screen.findByRole('img', { name: '小明的头像' });
    expect(avatar.closest('span:not([role])')?.textContent).toContain('你好，小明');
    expect(avatar.textContent).toBe('小');
    act(() => void store.dispatch(authActions.userPatched({ avatar: '/uploads/avatars/me.webp' })));
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatars/me.webp');
    act(() => void store.dispatch(authActions.userPatched({ face: 3, avatar: '' })));
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.querySelector('svg')?.getAttribute('data-face')).toBe('3');
  });

  it('logout success: says 登出成功！, clears the session and the skin, goes to /login', async () => {
    const { user, store, calls } = renderHeader(() => ok());
    await user.click(await screen.findByRole('button', { name: '退出' }));
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(await screen.findByText(LOGOUT_OK)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /user/logout']);
    expect(store.getState().auth).toEqual(initialAuthState);
    expect(store.getState().ui.skin).toBe('');
  });

  it('logout failure: says 遇到错误！请刷新页面再试！ and the user stays', async () => {
    const { user, store } = renderHeader(() => fail(500, '服务器开小差了'));
    const logout = await screen.findByRole('button', { name: '退出' });
    await user.click(logout);
    expect(await screen.findByText(LOGOUT_FAILED)).toBeTruthy();
    expect(screen.queryByText(LOGOUT_OK)).toBeNull();
    expect(screen.getByText('个人中心页')).toBeTruthy();
    expect(screen.queryByText('登录页')).toBeNull();
    expect(store.getState().auth.token).toBe('token-abc');
    expect(store.getState().auth.user).toEqual(savedUser);
    await waitFor(() => expect((logout as HTMLButtonElement).disabled).toBe(false));
  });

  it('logout is busy (and cannot be sent twice) while the call is pending', async () => {
    let answer: () => void = () => {};
    const { user, calls } = renderHeader(() => new Promise((resolve) => (answer = () => resolve(ok()))));
    const logout = await screen.findByRole('button', { name: '退出' });
    await user.click(logout);
    await waitFor(() => expect(logout.getAttribute('aria-busy')).toBe('true'));
    expect((logout as HTMLButtonElement).disabled).toBe(true);
    await user.click(logout);
    answer();
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});

describe('Header search box', () => {
  /** /search as a stand-in for mf-home's page: the header and the address it was opened with. */
  function SearchStandIn() {
    const { search } = useLocation();
    return (
      <>
        <Header />
        <p>搜索页{decodeURIComponent(search)}</p>
      </>
    );
  }
  function renderSearch(path = '/home') {
    fakeServer(() => ok());
    const user = userEvent.setup();
    const view = renderPage(
      <>
        <Header />
        <p>个人中心页</p>
      </>,
      {
        path,
        routePath: '/home',
        routes: [{ path: '/search', element: <SearchStandIn /> }],
        state: { auth: { ...initialAuthState, token: 'token-abc', user: savedUser, today: '2025-01-01' } },
      },
    );
    return { ...view, user, box: () => screen.getByRole('searchbox', { name: '搜索' }) };
  }

  it('is a search landmark whose Enter opens /search?q= with the words, client-side', async () => {
    const { user, box, router } = renderSearch();
    expect(screen.getByRole('search', { name: '站内搜索' })).toBeTruthy();
    expect(box().getAttribute('placeholder')).toBe(SEARCH_MSG.placeholder);
    await user.type(box(), '  晚霞   山顶 {Enter}');
    expect(await screen.findByText('搜索页?q=晚霞 山顶')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/search');
    // On /search the box shows the words searched.
    expect((box() as HTMLInputElement).value).toBe('晚霞 山顶');
  });

  it('the 搜索 button submits too, and on /search the box follows the address', async () => {
    const { user, box, router } = renderSearch('/search?q=%E7%B1%B3%E7%B1%B3&tab=yy');
    expect((box() as HTMLInputElement).value).toBe('米米');
    await user.clear(box());
    await user.type(box(), 'Mimi');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    // The tab shown stays.
    expect(await screen.findByText('搜索页?q=Mimi&tab=yy')).toBeTruthy();
    await act(() => router.navigate('/search?q=%E9%9C%9E'));
    expect((box() as HTMLInputElement).value).toBe('霞');
  });

  it('on the 日志 tab a new search stays on that tab', async () => {
    const { user, box } = renderSearch('/search?q=%E7%B1%B3&tab=diary');
    await user.clear(box());
    await user.type(box(), 'Mimi');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('搜索页?q=Mimi&tab=diary')).toBeTruthy();
  });

  it.each([
    ['', SEARCH_MSG.empty],
    ['    ', SEARCH_MSG.empty],
    ['字'.repeat(31), SEARCH_MSG.tooLong],
  ])('%j does not navigate and says %s beside the box until the words change', async (words, message) => {
    const { user, box, router } = renderSearch();
    await user.click(box());
    if (words) await user.type(box(), words);
    await user.keyboard('{Enter}');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(box());
    expect(router.state.location.pathname).toBe('/home');
    await user.type(box(), '米');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box().getAttribute('aria-invalid')).toBeNull();
  });
});

describe('Header contrast (WCAG AA in every skin)', () => {
  // The current page's link is a pill in the header's text colour with the header colour as text
  // (the old translucent white fell under 4.5:1 in default and pinkcat, Lighthouse on /my, /home, /help).
  it.each(SKINS.map((s) => [s.name, s.id] as const))('%s: the current link is drawn in the checked theme pair', async (_name, skin) => {
    fakeServer(() => ok());
    renderPage(<Header />, {
      path: '/my',
      state: {
        auth: { ...initialAuthState, token: 'token-abc', user: savedUser, today: '2025-01-01' },
        ui: { ...uiSlice.getInitialState(), skin },
      },
    });
    const current = await screen.findByRole('link', { name: '我的空间' });
    expect(current.getAttribute('aria-current')).toBe('page');
    const style = getComputedStyle(current);
    const colors = themes[skin].colors;
    expect(hex(style.backgroundColor)).toBe(colors.headerText);
    expect(hex(style.color)).toBe(colors.header);
    // The pairs themselves (header on headerText, headerText on headerHover) are checked in shared's skins.test.ts.
  });
});

/** 'rgb(r, g, b)' (as computed) or '#rrggbb' to '#rrggbb'. */
function hex(css: string): string {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css);
  if (!m) return css.toLowerCase();
  return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
}
