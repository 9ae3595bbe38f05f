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

export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const fresh = (): ComponentType =>
    lazy(() =>
      load().catch((error: unknown) => {
        renewals.add(() => {
          current = fresh();
        });
        throw error;
      }),
    );
  let current = fresh();
  return function RemotePage() {
    const Page = current;
    return <Page />;
  };
}
