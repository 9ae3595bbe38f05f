/**
 * The server renderer's entry points for a remote's server entry (`src/server.tsx`, docs/adr/0016
 * "Step 2"): imported only by those entries, never by browser code, so none of this reaches the
 * federated `@xiaoba/shared` singleton or any page's scripts. The same library copies as
 * libraries.ts: the server build bundles both into one file, with one router, store and theme
 * context.
 */
export { renderToString } from 'react-dom/server';
export { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
export { ServerStyleSheet } from 'styled-components';
export {
  createServerEntry,
  renderArea,
  renderRoute,
  requestUrl,
  type ServerEntryOptions,
  type ServerEntryProps,
  type ServerEntryResult,
  type ServerFragment,
} from './server-entry';
export { memoryStorage } from './store/memory-storage';
