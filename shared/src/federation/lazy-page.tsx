/**
 * A remote's page, loaded as its own chunk on first render. A bare React.lazy remembers a failed
 * load forever; a lazyPage whose chunk failed (a flaky connection) is renewed when the shell's
 * retry calls `retryFailedPages`, so the page recovers without a page reload. It is not renewed
 * on its own: React would render it again at once and loop on a dead connection.
 */
import { lazy, type ComponentType } from 'react';

const renewals = new Set<() => void>();

/** Lets every page whose chunk failed load again on its next render (the shell's 重试). */
export function retryFailedPages(): void {
  for (const renew of renewals) renew();
  renewals.clear();
}

/** A page component whose chunk can be fetched before it renders. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** Fetches a page's chunk ahead of its render (a page of an older build has no `preload`: nothing to wait for). */
export const preloadPage = (page: ComponentType | undefined): Promise<unknown> =>
  (page as Partial<LazyPage> | undefined)?.preload?.().catch(() => undefined) ?? Promise.resolve();

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  // One import per attempt, shared by `preload` and React.lazy.
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: { default: ComponentType } | null = null;
  const once = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const fresh = (): ComponentType =>
    lazy(() => {
      // A preloaded page answers at once (a thenable that calls back synchronously): React renders
      // it without suspending, so a hydration or a navigation never meets a loading state for it.
      if (loaded) {
        const module = loaded;
        // oxlint-disable-next-line unicorn/no-thenable -- a thenable that calls back synchronously is the point: React.lazy reads it at once
        return { then: (resolve: (m: { default: ComponentType }) => void) => resolve(module) } as Promise<{ default: ComponentType }>;
      }
      return once().catch((error: unknown) => {
        renewals.add(() => {
          loading = null;
          current = fresh();
        });
        throw error;
      });
    });
  let current = fresh();
  function RemotePage() {
    const Page = current;
    return <Page />;
  }
  return Object.assign(RemotePage, { preload: once });
}
