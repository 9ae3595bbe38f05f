/**
 * The page's <title>: the route table's title of the shown route (`setRouteTitle`, the shell's
 * layout), unless the page shown names its own (`usePageTitle`: 萌萌猫的日志, an entry's title).
 * Both write through one place, so neither covers the other whatever order their effects run
 * in: the area is a React root of its own, and parent effects run after child effects. When the
 * page goes, its title goes with it and the route's stands again.
 *
 * In a server render (createServerEntry, docs/adr/0016 "Step 3") an effect never runs: there the
 * page's title is told to the render, like `<Navigate>`'s path, and the site writes it into the
 * page's <title>. Renders nothing, so hydration finds the same markup on both sides.
 */
import { createContext, useContext, useEffect } from 'react';
import { documentTitle } from '../core/constants';

/** Set by a server render: called with the title a rendered page names (the last one named stands). */
export const ServerTitleContext = createContext<((title: string) => void) | null>(null);

let routeTitle: string | undefined;
/** The titles of the pages shown, in the order they were named: the last one stands. */
const pageTitles: { title: string }[] = [];

function showTitle() {
  document.title = documentTitle(pageTitles.at(-1)?.title ?? routeTitle);
}

/** The route's title (the route table's row), shown while no page names its own. */
export function setRouteTitle(title: string | undefined) {
  routeTitle = title;
  showTitle();
}

/** Names the page shown after what it shows (null while that is not known: the route's title stands). */
export function usePageTitle(title: string | null | undefined) {
  const onServer = useContext(ServerTitleContext);
  if (onServer && title) onServer(title);
  useEffect(() => {
    if (!title) return;
    const named = { title };
    pageTitles.push(named);
    showTitle();
    return () => {
      pageTitles.splice(pageTitles.indexOf(named), 1);
      showTitle();
    };
  }, [title]);
}
