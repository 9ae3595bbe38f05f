import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ThemeProvider, themeFor } from '@xiaoba/shared';
import { SERVER_AREA_ID } from '@xiaoba/shared/page-render';
import { PageLoading } from './layout/PageLoading';
import { pageShown, PRERENDER_ID, SWAP_TIMEOUT_MS, takeOverPrerendered } from './prerendered';

const withTheme = (element: React.ReactElement) => <ThemeProvider theme={themeFor('')}>{element}</ThemeProvider>;

/** What the server sends for /login: the prerendered markup and its styles, then the empty root. */
function prerenderedPage(markup: string) {
  document.head.insertAdjacentHTML('beforeend', '<style data-xb-prerender>.x{color:red}</style>');
  document.body.innerHTML = `<div id="${PRERENDER_ID}"><main>${markup}</main></div><div id="root"></div>`;
  return { prerendered: document.getElementById(PRERENDER_ID)!, root: document.getElementById('root')! };
}

const FORM =
  '<form method="dialog"><input type="text" value=""><input type="password" value="">' + '<input type="checkbox"><button type="submit">登录</button></form>';

/** The live page: React state behind every control, shown so the test can read it. */
function LoginLike({ onSubmit }: { onSubmit?: (values: string) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const values = `${name}|${password}|${remember}`;
  return (
    <main>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.(values);
        }}
      >
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        <button type="submit">登录</button>
      </form>
      <output>{values}</output>
    </main>
  );
}

let reactRoot: Root | undefined;
afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = undefined;
  document.head.querySelectorAll('style').forEach((s) => s.remove());
  document.body.innerHTML = '';
  vi.useRealTimers();
});

async function renderLive(root: HTMLElement, element: React.ReactElement) {
  reactRoot = createRoot(root);
  await act(async () => reactRoot!.render(element));
  // The swap runs from a MutationObserver callback (a microtask).
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('the prerendered page', () => {
  it('is kept while the live app has not shown the page, and the live root stays hidden', async () => {
    const { prerendered, root } = prerenderedPage(FORM);
    expect(takeOverPrerendered(root)).not.toBeNull();
    await renderLive(
      root,
      <main>
        <p role="status">加载中…</p>
      </main>,
    );
    expect(root.hidden).toBe(true);
    expect(prerendered.isConnected).toBe(true);
  });

  it('gives way to the live page in one step, carrying typed text, ticks and focus into its state', async () => {
    const { prerendered, root } = prerenderedPage(FORM);
    const [name, password, remember] = [...prerendered.querySelectorAll('input')];
    name!.value = '100003';
    password!.value = 'secret';
    remember!.checked = true;
    password!.focus();
    takeOverPrerendered(root);
    await renderLive(root, <LoginLike />);

    expect(document.getElementById(PRERENDER_ID)).toBeNull();
    expect(document.querySelector('style[data-xb-prerender]')).toBeNull();
    expect(root.hidden).toBe(false);
    expect(root.querySelector('output')!.textContent).toBe('100003|secret|true');
    expect(document.activeElement).toBe(root.querySelectorAll('input')[1]);
  });

  it('repeats a submit made on the prerendered form on the live one, with the typed values', async () => {
    const { prerendered, root } = prerenderedPage(FORM);
    prerendered.querySelector<HTMLInputElement>('input[type=text]')!.value = 'mimi';
    // As the boot script records it before the app runs.
    prerendered.dataset.submitForm = '0';
    prerendered.dataset.submitButton = '0';
    const submitted = vi.fn();
    takeOverPrerendered(root);
    await renderLive(root, <LoginLike onSubmit={submitted} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(submitted).toHaveBeenCalledWith('mimi||false');
  });

  it('gives way when the app goes elsewhere (leave) or after the time limit', async () => {
    const first = prerenderedPage(FORM);
    takeOverPrerendered(first.root)!.leave();
    expect(first.prerendered.isConnected).toBe(false);
    expect(first.root.hidden).toBe(false);

    vi.useFakeTimers();
    const second = prerenderedPage(FORM);
    takeOverPrerendered(second.root);
    vi.advanceTimersByTime(SWAP_TIMEOUT_MS);
    expect(second.prerendered.isConnected).toBe(false);
    expect(second.root.hidden).toBe(false);
  });

  it('does nothing on a page that was not prerendered', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    expect(takeOverPrerendered(root)).toBeNull();
    expect(root.hidden).toBe(false);
  });
});

describe('pageShown', () => {
  it('is true once <main> of the live app has form controls', () => {
    const live = document.createElement('div');
    live.innerHTML = '<p>no main yet</p>';
    expect(pageShown(live)).toBe(false);
    live.innerHTML = '<main><p role="status">加载中…</p></main>';
    expect(pageShown(live)).toBe(false);
    live.innerHTML = `<main>${FORM}</main>`;
    expect(pageShown(live)).toBe(true);
    // The remote failed: its error panel is worth more than a form that cannot work.
    live.innerHTML = '<main><div role="alert"><h1>页面加载失败</h1><button>重试</button></div></main>';
    expect(pageShown(live)).toBe(true);
  });
});

describe('a server-rendered signed-in page', () => {
  /** What the site's server sends for another user's space with its board closed: no form control at all. */
  const SPACE = `<header><a href="/my">小明</a></header><main id="main"><div id="${SERVER_AREA_ID}"><h1>小红的空间</h1><p>第一条yy</p></div></main>`;

  function serverPage() {
    document.head.insertAdjacentHTML('beforeend', '<style data-xb-prerender>.x{color:red}</style>');
    document.body.innerHTML = `<div id="${PRERENDER_ID}">${SPACE}</div><div id="root"></div>`;
    return { prerendered: document.getElementById(PRERENDER_ID)!, root: document.getElementById('root')! };
  }

  function Space({ loading }: { loading: boolean }) {
    return (
      <>
        <header>
          <a href="/my">小明</a>
        </header>
        <main id="main">
          {loading ? (
            <PageLoading />
          ) : (
            <>
              <h1>小红的空间</h1>
              <p>第一条yy</p>
            </>
          )}
        </main>
      </>
    );
  }

  it("stays while the live page shows the shell's loading state, then gives way to the page without form controls", async () => {
    const { prerendered, root } = serverPage();
    takeOverPrerendered(root);
    // The route's data is still coming: nothing in <main>, then the page's code: PageLoading.
    await renderLive(
      root,
      <>
        <header />
        <main />
      </>,
    );
    expect(prerendered.isConnected).toBe(true);
    await act(async () => reactRoot!.render(withTheme(<Space loading />)));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(root.hidden).toBe(true);
    expect(prerendered.isConnected).toBe(true);

    await act(async () => reactRoot!.render(withTheme(<Space loading={false} />)));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
    expect(document.querySelector('style[data-xb-prerender]')).toBeNull();
    expect(root.hidden).toBe(false);
    expect(root.querySelector('h1')!.textContent).toBe('小红的空间');
  });

  it('pageShown: content in <main> that is not a page-wide loading state; a login page still waits for its form', () => {
    const live = document.createElement('div');
    live.innerHTML = '<main></main>';
    expect(pageShown(live, true)).toBe(false);
    live.innerHTML = '<main><div role="status">加载中…</div></main>';
    expect(pageShown(live, true)).toBe(false);
    // mf-space's Pending while the space's owner loads: the page is a status too.
    live.innerHTML = '<main><p role="status">正在打开空间…</p></main>';
    expect(pageShown(live, true)).toBe(false);
    // A remote's own loading notes (a list still loading) are part of a shown page.
    live.innerHTML = '<main><section><h1>小红的空间</h1><p role="status">正在加载留言…</p></section></main>';
    expect(pageShown(live, true)).toBe(true);
    expect(pageShown(live)).toBe(false);
  });
});

describe('a click on a prerendered button only the app answers', () => {
  it('is repeated on the live twin after the swap', async () => {
    document.body.innerHTML = `<div id="${PRERENDER_ID}"><header><button type="button"><span>退出</span></button></header><main><div id="${SERVER_AREA_ID}"><h1>我的空间</h1></div></main></div><div id="root"></div>`;
    const root = document.getElementById('root')!;
    takeOverPrerendered(root);
    document.querySelector<HTMLElement>(`#${PRERENDER_ID} span`)!.click();
    const logout = vi.fn();
    await renderLive(
      root,
      <>
        <header>
          <button type="button" onClick={logout}>
            <span>退出</span>
          </button>
        </header>
        <main>
          <h1>我的空间</h1>
        </main>
      </>,
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
    expect(logout).toHaveBeenCalledTimes(1);
  });
});

describe('a file chosen on the prerendered page', () => {
  it('goes with the live input, whose change handler sees it', async () => {
    const { prerendered, root } = prerenderedPage('<form><input type="file"><button type="submit">上传</button></form>');
    const picked = new DataTransfer();
    picked.items.add(new File(['x'], 'face.png', { type: 'image/png' }));
    prerendered.querySelector('input')!.files = picked.files;
    function Upload() {
      const [name, setName] = useState('');
      return (
        <main>
          <form>
            <input type="file" onChange={(e) => setName(e.target.files?.[0]?.name ?? '')} />
            <button type="submit">上传</button>
          </form>
          <output>{name}</output>
        </main>
      );
    }
    takeOverPrerendered(root);
    await renderLive(root, <Upload />);
    expect(root.querySelector('output')!.textContent).toBe('face.png');
  });
});
