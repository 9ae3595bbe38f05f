import { useEffect } from 'react';
import { Outlet, PUBLIC_PATHS, setRouteTitle, styled, useLocation, useMatches, useArchiveMode, useNavigation } from '@xiaoba/shared';
import { Header } from '../header/Header';
import type { RouteHandle } from '../remotes/remote-routes';
import { LoadingOverlay } from './LoadingOverlay';
import { OverrideNote } from './OverrideNote';

/** The route's title from the deepest route that names one (a page may name its own over it: usePageTitle). */
function useRouteTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  useEffect(() => setRouteTitle(title), [title]);
}

export function Layout() {
  useRouteTitle();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const archive = useArchiveMode();
  // Login and registration pages have their own frame; every other page gets the site header.
  const withHeader = !(PUBLIC_PATHS as readonly string[]).includes(pathname);
  return (
    <>
      <a className="visually-hidden" href="#main">
        跳到正文
      </a>
      {withHeader && <Header />}
      {archive && (
        <ArchiveNote aria-label="存档说明">
          <p>{ARCHIVE_NOTE}</p>
        </ArchiveNote>
      )}
      <Progress aria-hidden="true" $busy={navigation.state !== 'idle'} />
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      <LoadingOverlay />
      <OverrideNote />
    </>
  );
}

/** Shown on every page in archive mode (ARCHIVE_MODE=1 on the server). */
export const ARCHIVE_NOTE = '校巴已成为只读存档：可以浏览每个空间，也可以在 设置 › 我的数据 导出自己的内容，但不能再发表、修改或注册。';

const ArchiveNote = styled.aside`
  max-width: 1000px;
  margin: 10px auto 0;
  padding: 0 12px;
  p {
    margin: 0;
    padding: 8px 12px;
    border: 2px solid ${(p) => p.theme.colors.primary};
    border-radius: 6px;
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.text};
    font-weight: 600;
  }
`;
const Main = styled.main`
  max-width: 1000px;
  margin: 0 auto;
  padding: 16px 12px 48px;
  &:focus {
    outline: none;
  }
`;
const Progress = styled.div<{ $busy: boolean }>`
  position: fixed;
  top: 0;
  left: 0;
  height: 3px;
  z-index: 1000;
  background: ${(p) => p.theme.colors.focus};
  width: ${(p) => (p.$busy ? '80%' : '0')};
  opacity: ${(p) => (p.$busy ? 1 : 0)};
  transition:
    width 2s ease-out,
    opacity 0.3s;
`;
