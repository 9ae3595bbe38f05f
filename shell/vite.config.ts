import { defineConfig } from 'vite';
import { hostConfig } from '@xiaoba/shared/federation';

// hostConfig gives the browser build, or with `vite build --ssr` the frame's server build (src/server.tsx).
const host = hostConfig();

export default defineConfig((env) => ({
  ...host(env),
  server: {
    // `npm run dev`: the API server (with built remotes) runs on 8080; the shell is served by vite.
    proxy: {
      '/api': 'http://localhost:8080',
      '/remotes': 'http://localhost:8080',
      '/remotes.json': 'http://localhost:8080',
      '/showupdate.txt': 'http://localhost:8080',
    },
  },
}));
