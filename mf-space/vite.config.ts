import { defineConfig } from 'vite';
import { remoteConfig } from '@xiaoba/shared/federation';
import { routeTable } from './src/route-table';

export default defineConfig(
  remoteConfig({
    name: 'mf_space',
    // './feed': everyone's yy, a fragment of mf-home's /home (ADR 6).
    exposes: { './routes': './src/routes.tsx', './feed': './src/feed.tsx' },
    routes: routeTable,
  }),
);
