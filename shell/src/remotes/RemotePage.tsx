/**
 * One page of a remote in the shell's route tree. The first page of a remote on a path is its
 * area (AreaHost): a React root of its own, hydrated from the server's markup when the page came
 * with it. A page below it (a tab of another user's space) is rendered inside that area through the
 * area page's `<Outlet>`, as the server renders it: its code is loaded before it shows (the row's
 * loader, or the area before it hydrates), so it never suspends there.
 */
import { AreaHost } from './AreaHost';
import { loadedRemote } from './registry';

export function RemotePage({ remote, page, area = false }: { remote: string; page: string; area?: boolean }) {
  if (area) return <AreaHost remote={remote} page={page} />;
  const Page = loadedRemote(remote)?.pages[page];
  if (!Page) throw new Error(`${remote} has no page ${page}`);
  return <Page />;
}
