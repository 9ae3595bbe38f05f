import { Suspense } from 'react';
import { loadedRemote } from './registry';
import { PageLoading } from '../layout/PageLoading';

/** Renders one page of a remote; the route's loader has already loaded the remote's module. */
export function RemotePage({ remote, page }: { remote: string; page: string }) {
  const Page = loadedRemote(remote)?.pages[page];
  if (!Page) throw new Error(`${remote} has no page ${page}`);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
