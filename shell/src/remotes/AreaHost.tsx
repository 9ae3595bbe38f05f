/**
 * A remote's area in the shell's <main>: an element whose content belongs to a React root of its
 * own (shared's useUnitRoot and AreaTree; the server renders the area the same way, in the remote's
 * own render process). On a server-painted page it hydrates the server's markup once the remote's
 * module and the matched pages' code have arrived; until then the markup stays as painted and the
 * boot script holds the taps made on it. On a later navigation it renders afresh.
 *
 * It gets the shell's store, the shown skin's theme and the router's contexts at its place in the
 * route tree, so the remote's pages work as if they were rendered in the shell's own tree. A remote
 * that fails to load, or a page that throws, is thrown here, where the route's error element shows it.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import {
  AreaTree,
  dropTaps,
  KEEP_MARKUP,
  preloadPage,
  useMatches,
  useRouterContexts,
  useStore,
  useTheme,
  useUnitRoot,
  type RemoteRoutesModule,
  type Theme,
} from '@xiaoba/shared';
import { SERVER_AREA_ID, unitIdPrefix } from '@xiaoba/shared/page-render';
import { PageLoading } from '../layout/PageLoading';
import { loadedRemote, loadRemote } from './registry';
import type { RouteHandle } from './remote-routes';

/** The remote's module and the code of its pages matched now, loaded; null until then. */
function useAreaModule(remote: string, onError: (error: unknown) => void): RemoteRoutesModule | null {
  const matches = useMatches();
  const pages = matches.map((m) => m.handle as RouteHandle | undefined).filter((h) => h?.remote === remote && h.page);
  const wanted = pages.map((h) => h!.page!).join(' ');
  const [ready, setReady] = useState<{ key: string; module: RemoteRoutesModule } | null>(null);
  const key = `${remote} ${wanted}`;
  useEffect(() => {
    let live = true;
    loadRemote(remote)
      .then(async (module) => {
        await Promise.all(wanted.split(' ').map((page) => preloadPage(module.pages[page])));
        if (live) setReady({ key, module });
      })
      .catch((error: unknown) => live && onError(error));
    return () => {
      live = false;
    };
    // onError is the state setter of the host: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // A page added below (a tab) renders in its own boundary meanwhile: the module itself is what must be there.
  return ready?.module ?? loadedRemote(remote) ?? null;
}

export function AreaHost({ remote, page }: { remote: string; page: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  const store = useStore();
  const theme = useTheme() as Theme;
  const router = useRouterContexts();
  const module = useAreaModule(remote, (error) => setFailure({ error }));
  const Page = module?.pages[page];
  useUnitRoot(
    container,
    (hydrating, live) =>
      Page ? (
        <AreaTree store={store} theme={theme} router={router}>
          {/* As the server rendered it, no boundary, when hydrating: the page's code is loaded already. */}
          {hydrating ? live(<Page />) : <Suspense fallback={<PageLoading />}>{live(<Page />)}</Suspense>}
        </AreaTree>
      ) : null,
    { idPrefix: unitIdPrefix(remote), onError: (error) => setFailure({ error }), deps: [Page, store, theme, router] },
  );
  useEffect(() => {
    const el = container.current;
    return () => {
      if (el) dropTaps(el);
    };
  }, []);
  return <div id={SERVER_AREA_ID} ref={container} dangerouslySetInnerHTML={KEEP_MARKUP} suppressHydrationWarning />;
}
