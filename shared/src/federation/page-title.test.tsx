import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerTitleContext, setRouteTitle, usePageTitle } from './page-title';

function Page({ title }: { title: string | null }) {
  usePageTitle(title);
  return <p>页面</p>;
}

/** A frame that sets the route's title in its own effect, after the page's (parent effects run after child effects). */
function Frame({ route, children }: { route: string; children: React.ReactNode }) {
  useEffect(() => setRouteTitle(route), [route]);
  return <>{children}</>;
}

afterEach(() => setRouteTitle(undefined));

describe('usePageTitle', () => {
  it("in the browser wins over the route's title set in the same commit, and gives it back when the page goes", () => {
    function App() {
      const [shown, setShown] = useState(true);
      return (
        <Frame route="日志">
          <button type="button" onClick={() => setShown(false)}>
            离开
          </button>
          {shown && <Page title="春游" />}
        </Frame>
      );
    }
    render(<App />);
    expect(document.title).toBe('春游 - 校巴');
    fireEvent.click(screen.getByRole('button', { name: '离开' }));
    expect(document.title).toBe('日志 - 校巴');
  });

  it("follows the page's title as it changes; the route's stands while the page names none", () => {
    const view = render(
      <Frame route="相册">
        <Page title={null} />
      </Frame>,
    );
    expect(document.title).toBe('相册 - 校巴');
    view.rerender(
      <Frame route="相册">
        <Page title="春游 - 萌萌猫的相册" />
      </Frame>,
    );
    expect(document.title).toBe('春游 - 萌萌猫的相册 - 校巴');
    view.rerender(
      <Frame route="相册">
        <Page title="秋游 - 萌萌猫的相册" />
      </Frame>,
    );
    expect(document.title).toBe('秋游 - 萌萌猫的相册 - 校巴');
    view.unmount();
    expect(document.title).toBe('相册 - 校巴');
  });

  it('in a server render renders nothing and tells the render the title', () => {
    const named: string[] = [];
    const html = renderToString(
      <ServerTitleContext.Provider value={(title) => named.push(title)}>
        <Page title="萌萌猫的日志" />
      </ServerTitleContext.Provider>,
    );
    expect(html).toBe('<p>页面</p>');
    expect(named).toEqual(['萌萌猫的日志']);
  });
});
