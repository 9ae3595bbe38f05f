/**
 * Route matching and ranking for route ownership: checked against react-router's own matcher,
 * then the conflicts a publish is refused for, against the repository's registry.
 */
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY } from './registry';
import { bestRoutes, checkRouteSyntax, routeBranches, routeConflict, samePattern, type OwnedRoute } from './route-rank';

const CURRENT: OwnedRoute[] = DEFAULT_REGISTRY.remotes.flatMap((r) => r.owns.map((pattern) => ({ remote: r.name, pattern })));
const conflict = (remote: string, ...patterns: string[]) =>
  routeConflict(
    remote,
    patterns.map((pattern) => ({ pattern, index: false })),
    CURRENT,
  );

describe('ranking as react-router ranks', () => {
  const patterns = [
    ...CURRENT.map((r) => r.pattern),
    '/:uid',
    '/100002',
    '/files/*',
    '/*',
    '/:lang?/about',
    '/:a/:b',
    '/my/*',
    '/setting/:x',
    '/about?/us',
    '/:id/*',
  ];
  const paths = [
    '/',
    '/login',
    '/LOGIN',
    '/100002',
    '/100002/board',
    '/my',
    '/my/x',
    '/my/board',
    '/setting/board',
    '/setting/x',
    '/files',
    '/files/a/b',
    '/about',
    '/de/about',
    '/us',
    '/about/us',
    '/admin/user/5',
    '/a/b/c',
  ];

  it('picks the route react-router picks, for every pair of patterns and path', () => {
    for (const a of patterns) {
      for (const b of patterns) {
        if (a === b) continue;
        for (const pathname of paths) {
          const picked = matchRoutes([{ path: a }, { path: b }], pathname)?.at(-1)?.route.path ?? null;
          const best = bestRoutes([a, b], pathname);
          if (picked === null) expect(best, `${a} ${b} ${pathname}`).toEqual([]);
          else expect(best, `${a} ${b} ${pathname}: react-router picks ${picked}`).toContain(picked);
          // A single best is the one picked whatever the order.
          if (best.length === 1) expect(matchRoutes([{ path: b }, { path: a }], pathname)?.at(-1)?.route.path).toBe(best[0]);
        }
      }
    }
  });

  it('one route under other names: parameter names, letter case, optional segments', () => {
    expect(samePattern('/:uid', '/:id')).toBe(true);
    expect(samePattern('/:a/board', '/:id/Board')).toBe(true);
    expect(samePattern('/:lang?/setting', '/setting')).toBe(true);
    expect(samePattern('/files/*', '/files/*')).toBe(true);
    expect(samePattern('/my', '/:id')).toBe(false);
    expect(samePattern('/files/*', '/files')).toBe(false);
  });

  it('refuses syntax the router reads otherwise or not at all', () => {
    for (const bad of ['/a:b', '/x*', '/*/x', '/:', '/a?b', '/:id?x', '/*?']) expect(() => checkRouteSyntax(bad), bad).toThrow(/neither static/);
    // Each optional segment doubles the work: bounded.
    expect(() => checkRouteSyntax(`/${Array.from({ length: 7 }, (_, i) => `:p${i}?`).join('/')}`)).toThrow(/more than 6 optional segments/);
    expect(() => checkRouteSyntax(`/${'a/'.repeat(33)}`)).toThrow(/more than 32 segments/);
    for (const good of ['/', '/my/board', '/:id?', '/board?', '/files/*', '/*', '/a-b.c']) expect(() => checkRouteSyntax(good), good).not.toThrow();
  });

  it('flattens a route table: nested paths, index rows', () => {
    expect(routeBranches([{ path: '/my', children: [{ index: true }, { path: 'board' }] }, { path: '/:id/' }])).toEqual([
      { pattern: '/my', index: false },
      { pattern: '/my', index: true },
      { pattern: '/my/board', index: false },
      { pattern: '/:id', index: false },
    ]);
  });
});

describe('what a remote may not declare', () => {
  it("another remote's route under another parameter name", () => {
    expect(conflict('mf-auth', '/:uid')).toEqual({ kind: 'same', pattern: '/:uid', other: { remote: 'mf-space', pattern: '/:id' } });
    expect(conflict('mf-auth', '/:a/board')).toMatchObject({ kind: 'same', other: { remote: 'mf-space', pattern: '/:id/board' } });
    // `/:x?` is both `/` (mf-auth's) and `/:x` (mf-space's /:id).
    expect(conflict('mf-home', '/:x?')).toMatchObject({ kind: 'same', other: { remote: 'mf-auth', pattern: '/' } });
  });

  it('a route that outranks one serving a path today', () => {
    expect(conflict('mf-auth', '/100002')).toEqual({ kind: 'outranks', pattern: '/100002', other: { remote: 'mf-space', pattern: '/:id' }, path: '/100002' });
    expect(conflict('mf-auth', '/setting/board')).toMatchObject({ kind: 'outranks', other: { pattern: '/:id/board' }, path: '/setting/board' });
    expect(conflict('mf-home', '/100002/*')).toMatchObject({ kind: 'outranks', other: { pattern: '/:id' }, path: '/100002' });
    // A tie is taking too: which of two equal ranks wins is only the order of the remotes.
    expect(conflict('mf-auth', '/setting/:x')).toMatchObject({ kind: 'outranks', other: { pattern: '/:id/board' }, path: '/setting/board' });
    expect(conflict('mf-home', '/admin/user/5')).toMatchObject({ kind: 'outranks', other: { remote: 'mf-admin', pattern: '/admin/user/:uid' } });
  });

  it('may declare what it serves today, and paths nobody serves or that it does not outrank', () => {
    for (const def of DEFAULT_REGISTRY.remotes) expect(conflict(def.name, ...def.owns), def.name).toBeNull();
    // /login outranks mf-space's /:id today already.
    expect(conflict('mf-auth', '/login', '/Login')).toBeNull();
    expect(conflict('mf-auth', '/login/help', '/my/x', '/*', '/setting/avatar/:x', '/:id/*')).toBeNull();
    // What another remote serves by a static path is not mf-space's to take by a parameter either.
    expect(conflict('mf-space', '/:id', '/:id/board', '/:id/x')).toBeNull();
  });
});
