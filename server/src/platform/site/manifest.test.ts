import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { fixedRegistry } from '../deploy/registry';
import { ManifestBuilder, manifestScript, preloadForPath, type Manifest } from './manifest';

// mf-home's /home composes mf-space's ./feed (ADR 6): its first visit preloads both remotes' files.
const manifest: Manifest = {
  remotes: [
    {
      name: 'mf_space',
      url: '/remotes/mf-space/remoteEntry.js?v=aaa',
      version: 'aaa',
      routes: [{ path: '/my', page: 'my', preload: ['expose-routes.js', 'my.js', 'yylist.js'] }],
      fragments: { './feed': ['expose-feed.js', 'yylist.js'] },
    },
    {
      name: 'mf_home',
      url: '/remotes/mf-home/remoteEntry.js?v=bbb',
      version: 'bbb',
      routes: [
        { path: '/home', page: 'home', preload: ['expose-home.js', 'home.js'], uses: [{ remote: 'mf_space', module: './feed' }] },
        {
          path: '/help',
          page: 'help',
          preload: ['expose-home.js', 'help.js'],
          uses: [{ remote: 'mf_gone', module: './x' }, { remote: 'mf_space', module: './none' }, 'junk'],
        },
      ],
    },
  ],
};

describe('preloadForPath with fragments', () => {
  it('adds the entry and files of each fragment of another remote the page composes, once each', () => {
    expect(preloadForPath(manifest, '/home')?.urls).toEqual([
      '/remotes/mf-home/remoteEntry.js?v=bbb',
      '/remotes/mf-home/expose-home.js',
      '/remotes/mf-home/home.js',
      '/remotes/mf-space/remoteEntry.js?v=aaa',
      '/remotes/mf-space/expose-feed.js',
      '/remotes/mf-space/yylist.js',
    ]);
  });

  it('skips fragments of a remote not deployed, a fragment not exposed and malformed rows', () => {
    expect(preloadForPath(manifest, '/help')?.urls).toEqual([
      '/remotes/mf-home/remoteEntry.js?v=bbb',
      '/remotes/mf-home/expose-home.js',
      '/remotes/mf-home/help.js',
    ]);
  });

  it('leaves pages without fragments as they were', () => {
    expect(preloadForPath(manifest, '/my')?.urls).toEqual([
      '/remotes/mf-space/remoteEntry.js?v=aaa',
      '/remotes/mf-space/expose-routes.js',
      '/remotes/mf-space/my.js',
      '/remotes/mf-space/yylist.js',
    ]);
  });
});

describe('preloadForPath with a layout row', () => {
  it("preloads the index child the router shows at the layout's path, with the layout's files", () => {
    const layout: Manifest = {
      remotes: [
        {
          name: 'mf_space',
          url: '/remotes/mf-space/remoteEntry.js?v=a',
          version: 'a',
          routes: [
            {
              path: '/my',
              preload: ['frame.js'],
              children: [
                { index: true, page: 'home', preload: ['home.js'] },
                { path: 'board', page: 'board', preload: ['board.js'] },
              ],
            },
          ],
        },
      ],
    };
    expect(preloadForPath(layout, '/my')?.urls).toEqual(['/remotes/mf-space/remoteEntry.js?v=a', '/remotes/mf-space/frame.js', '/remotes/mf-space/home.js']);
    expect(preloadForPath(layout, '/my/board')?.urls).toEqual([
      '/remotes/mf-space/remoteEntry.js?v=a',
      '/remotes/mf-space/frame.js',
      '/remotes/mf-space/board.js',
    ]);
  });
});

describe('manifestScript', () => {
  const tricky: Manifest = {
    remotes: [
      {
        name: 'mf_auth',
        url: '/remotes/mf-auth/remoteEntry.js?v=1',
        version: '1',
        routes: [{ path: '/login', title: '登录</script><script>alert(1)</script><!--' }],
      },
    ],
  };

  it('inlines the manifest as non-executable JSON that parses back to the same manifest', () => {
    const html = manifestScript(tricky);
    const match = /^<script type="application\/json" id="xb-manifest">(.*)<\/script>$/.exec(html);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual(tricky);
  });

  it('escapes every < so a title cannot end the element or open a comment', () => {
    const body = manifestScript(tricky)
      .replace(/^<script[^>]*>/, '')
      .replace(/<\/script>$/, '');
    expect(body).not.toContain('<');
    expect(body).toContain('\\u003c/script>');
  });
});

describe('ManifestBuilder and audiences (ADR 14)', () => {
  it('build() leaves a remote for moderators out; forAudience gives its entry, in the same shape', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'xb-manifest-'));
    try {
      const built: Array<[string, string]> = [
        ['mf-home', 'mf_home'],
        ['mf-admin', 'mf_admin'],
      ];
      for (const [dir, name] of built) {
        await mkdir(path.join(site, dir, 'dist'), { recursive: true });
        await writeFile(path.join(site, dir, 'dist', 'remoteEntry.js'), `export const x = '${dir}';`);
        await writeFile(path.join(site, dir, 'dist', 'routes.json'), JSON.stringify({ name, routes: [{ path: `/${dir}`, page: 'p' }] }));
      }
      const registry = fixedRegistry({
        remotes: [
          { name: 'mf-home', federation: 'mf_home', owns: ['/mf-home'] },
          { name: 'mf-admin', federation: 'mf_admin', owns: ['/mf-admin'], audience: 'moderators' },
        ],
      });
      const builder = new ManifestBuilder(site, pino({ enabled: false }), false, { registry });
      const manifest = await builder.build();
      expect(manifest.remotes.map((r) => r.name)).toEqual(['mf_home']);
      expect(preloadForPath(manifest, '/mf-admin')).toBeUndefined();
      const moderators = await builder.forAudience('moderators');
      expect(moderators).toEqual([
        {
          name: 'mf_admin',
          url: expect.stringMatching(/^\/remotes\/mf-admin\/remoteEntry\.js\?v=/),
          version: expect.any(String),
          routes: [{ path: '/mf-admin', page: 'p' }],
        },
      ]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});
