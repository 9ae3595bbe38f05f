/**
 * The tree a remote's area (or a fragment of it) is rendered in as a React root of its own: the
 * same on the server (createServerEntry) and in the browser (the shell's area host, mf-home's
 * fragment slots), so that hydration finds exactly the markup it renders and `useId` the same ids.
 *
 * The area is a root of its own because it is rendered in a process of its own on the server (the
 * render sandbox: one pool of processes per remote). It still lives inside the shell's router:
 * the router's contexts, read where the area sits in the shell's route tree, are handed to it
 * (RouterContexts), so its pages use `useParams`, `<Link>`, `<Outlet>` and `useNavigate` as before.
 * Every provider here has one child: no array of children, which is where React's `useId` counts.
 */
import { useContext, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
  UNSAFE_ViewTransitionContext as ViewTransitionContext,
} from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { Theme } from '../theme/skins';

/** The router's contexts at one place of the route tree. */
export interface RouterContexts {
  dataRouter: React.ContextType<typeof DataRouterContext>;
  dataRouterState: React.ContextType<typeof DataRouterStateContext>;
  fetchers: React.ContextType<typeof FetchersContext>;
  viewTransition: React.ContextType<typeof ViewTransitionContext>;
  navigation: React.ContextType<typeof NavigationContext>;
  location: React.ContextType<typeof LocationContext>;
  route: React.ContextType<typeof RouteContext>;
}

/**
 * The router's contexts where the calling component sits (its route's matches, its outlet): the
 * same object as on the last render while none of them changed, so an area re-renders with the
 * page, not with every render of the frame around it.
 */
export function useRouterContexts(): RouterContexts {
  const now = useCurrentRouterContexts();
  const last = useRef(now);
  const keys = Object.keys(now) as (keyof RouterContexts)[];
  if (keys.some((key) => last.current[key] !== now[key])) last.current = now;
  return last.current;
}

function useCurrentRouterContexts(): RouterContexts {
  return {
    dataRouter: useContext(DataRouterContext),
    dataRouterState: useContext(DataRouterStateContext),
    fetchers: useContext(FetchersContext),
    viewTransition: useContext(ViewTransitionContext),
    navigation: useContext(NavigationContext),
    location: useContext(LocationContext),
    route: useContext(RouteContext),
  };
}

/** Renders nothing; hands the router's contexts at its place to `onContexts` (a server render's first pass). */
export function CaptureRouterContexts({ onContexts }: { onContexts: (contexts: RouterContexts) => void }) {
  onContexts(useCurrentRouterContexts());
  return null;
}

export interface AreaTreeProps {
  /** The site's one store (the browser's; on the server, the render's). */
  store: Parameters<typeof Provider>[0]['store'];
  theme: Theme;
  router: RouterContexts;
  children: ReactNode;
}

export function AreaTree({ store, theme, router, children }: AreaTreeProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <DataRouterContext.Provider value={router.dataRouter}>
          <DataRouterStateContext.Provider value={router.dataRouterState}>
            <FetchersContext.Provider value={router.fetchers}>
              <ViewTransitionContext.Provider value={router.viewTransition}>
                <NavigationContext.Provider value={router.navigation}>
                  <LocationContext.Provider value={router.location}>
                    <RouteContext.Provider value={router.route}>{children}</RouteContext.Provider>
                  </LocationContext.Provider>
                </NavigationContext.Provider>
              </ViewTransitionContext.Provider>
            </FetchersContext.Provider>
          </DataRouterStateContext.Provider>
        </DataRouterContext.Provider>
      </ThemeProvider>
    </Provider>
  );
}
