/**
 * `<Navigate>` as every module imports it from @xiaoba/shared. In the browser it is react-router's.
 * In a server render (createServerEntry, docs/adr/0016 "Step 3") an effect never runs, so a page
 * that sends the browser elsewhere (a space that does not exist to /notfound, the own uid to /my)
 * rendered nothing there and moved after the takeover; there it tells the render where it goes,
 * and the site answers the page request with that redirect.
 */
import { createContext, useContext } from 'react';
import { createPath, Navigate as RouterNavigate, useResolvedPath, type NavigateProps } from 'react-router-dom';

/** Set by a server render: called with the path a rendered `<Navigate>` names. */
export const ServerRedirectContext = createContext<((path: string) => void) | null>(null);

export function Navigate(props: NavigateProps) {
  const onServer = useContext(ServerRedirectContext);
  const target = createPath(useResolvedPath(props.to, { relative: props.relative }));
  if (!onServer) return <RouterNavigate {...props} />;
  onServer(target);
  return null;
}
