import { defineConfig } from 'vite';
import { remoteConfig } from '@xiaoba/shared/federation';
import { routeTable } from './src/route-table';

export default defineConfig(remoteConfig({ name: 'mf_admin', exposes: { './routes': './src/routes.tsx' }, routes: routeTable }));
