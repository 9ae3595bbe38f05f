import { defineConfig } from 'vite';
import { remoteConfig } from '@xiaoba/shared/federation';
import { routeTable } from './src/route-table';

export default defineConfig(remoteConfig({ name: 'mf_auth', exposes: { './routes': './src/routes.tsx' }, routes: routeTable }));
