// Bundles the server into dist/main.js (and the backup/restore/deploy-key commands into dist/backup.js, dist/restore.js, dist/deploy-key.js; the render sandbox's child into dist/render-runner.js). npm packages stay external (installed beside it), except
// the workspace package @xiaoba/shared, which ships TypeScript source and must be compiled in.
import { build } from 'esbuild';

const bundleOnly = /^@xiaoba\//;

await build({
  // The server, and the operators' commands `npm run backup` / `npm run restore` / `npm run deploy-key` / `npm run moderator` beside it.
  entryPoints: {
    main: 'src/main.ts',
    backup: 'src/operations/backup-cli.ts',
    restore: 'src/operations/restore-cli.ts',
    'deploy-key': 'src/platform/deploy/key-cli.ts',
    moderator: 'src/features/moderation/cli.ts',
    // The render sandbox's child (src/platform/render/sandbox.ts finds it beside main.js).
    'render-runner': 'src/platform/render/runner.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  plugins: [
    {
      name: 'externalise-packages',
      setup(b) {
        // A bare specifier (not ./ or ../ or absolute) is a package: leave it to Node at run time.
        b.onResolve({ filter: /^[^./]/ }, (args) => (bundleOnly.test(args.path) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
