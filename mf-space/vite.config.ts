import { defineConfig } from 'vite';
import { remoteConfig } from '@xiaoba/shared/federation';
import { routeTable } from './src/route-table';

export default defineConfig(
  remoteConfig({
    name: 'mf_space',
    // './feed': everyone's yy, a fragment of mf-home's /home (ADR 6).
    exposes: { './routes': './src/routes.tsx', './feed': './src/feed.tsx' },
    routes: routeTable,
    // What the yy list, the board and the 日志 pages share, and what the composer shares with the
    // 日志 editor and the album uploads: one chunk each, as before those pages shared them (a chunk of
    // its own for each file cost /my and /home about 2 KB).
    chunks: {
      'space-items': [
        'src/ui/Time.tsx',
        'src/ui/controls.ts',
        'src/ui/space-path.ts',
        'src/ui/fields.ts',
        'src/ui/item.ts',
        'src/safety/BlockDialog.tsx',
        'src/safety/MoreMenu.tsx',
        'src/yy/YyImages.tsx',
        'src/yy/ImageViewer.tsx',
        'src/comments/CommentBox.tsx',
        'src/comments/CommentItem.tsx',
        'src/comments/useReplyMode.ts',
        'src/comments/DeleteCommentDialog.tsx',
      ],
      composer: ['src/composer/'],
      // Small modules every space page loads, kept with their importers rather than in a chunk of a
      // few hundred bytes each (each file costs its own import lines and compression overhead).
      prefetch: ['src/prefetch.ts', 'src/space/space-id.ts'],
      owner: ['src/frame/owner.ts', 'src/my/useOwnOwner.ts'],
    },
  }),
);
