/**
 * Which remote's route serves a path, decided the way the shell's router (react-router 7) decides
 * it, so ownership is checked by what a pattern matches and not by how it is spelled: `/:uid`
 * is `/:id` under another name, and a new `/100002` would take that path from `/:id`.
 *
 * The router's rules reproduced here: a path is split into segments; a segment is static
 * (`board`, matched without regard to case), a parameter (`:id`, one non-empty segment), an
 * optional static or parameter (`board?`, `:lang?`: the route stands for both spellings), or a
 * final splat (`*`: any number of further segments, none included). Of the routes matching a
 * path the one with the highest score wins (react-router's computeScore: 10 per static segment,
 * 3 per parameter, 2 more for an index route, 2 less for a splat); equal scores are decided by
 * order, which across remotes is no rule anyone chose, so a tie counts as taking the path.
 */

export interface RouteBranch {
  /** The full pattern, optional segments not yet expanded ('/my/board', '/:id', '/files/*'). */
  pattern: string;
  /** An index row: same path as its parent, ranked 2 higher. */
  index: boolean;
}

/** One route that is served today: a pattern of the registry with the remote that owns it. */
export interface OwnedRoute {
  remote: string;
  pattern: string;
  index?: boolean;
}

type Segment = { param: null; value: string } | { param: string };

/** A pattern with its optional segments expanded: fixed segments, then maybe a splat. */
interface Shape {
  segments: Segment[];
  splat: boolean;
  score: number;
}

export class RouteSyntaxError extends Error {
  constructor(pattern: string, why: string) {
    super(`route ${pattern}: ${why}`);
    this.name = 'RouteSyntaxError';
  }
}

/** Bounds that keep the check cheap for any routes.json: each optional segment doubles the shapes. */
export const ROUTE_LIMITS = { segments: 32, optional: 6 } as const;

const PARAM = /^:([\w-]+)(\?)?$/;
const STATIC = /^([^:*?]+)(\?)?$/;

/** Every full pattern of a route table, index rows marked ('/my', '/my' index, '/my/board'). */
export function routeBranches(rows: unknown, parent = ''): RouteBranch[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: { path?: unknown; index?: unknown; children?: unknown } | null) => {
    const own = typeof row?.path !== 'string' ? parent : row.path.startsWith('/') ? row.path : `${parent.replace(/\/$/, '')}/${row.path}`;
    return [...(own ? [{ pattern: normalise(own), index: row?.index === true }] : []), ...routeBranches(row?.children, own)];
  });
}

/** '/my/' and '/my' are the same route; '/' stays '/'. */
function normalise(pattern: string): string {
  return pattern.length > 1 ? pattern.replace(/\/+$/, '') || '/' : pattern;
}

/** The shapes a pattern stands for (one per choice of its optional segments); throws RouteSyntaxError. */
function shapesOf(pattern: string, index = false): Shape[] {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length > ROUTE_LIMITS.segments) throw new RouteSyntaxError(pattern, `more than ${ROUTE_LIMITS.segments} segments`);
  if (parts.filter((p) => p.endsWith('?')).length > ROUTE_LIMITS.optional) {
    throw new RouteSyntaxError(pattern, `more than ${ROUTE_LIMITS.optional} optional segments`);
  }
  const splat = parts.at(-1) === '*';
  if (splat) parts.pop();
  let shapes: Segment[][] = [[]];
  for (const part of parts) {
    const param = PARAM.exec(part);
    const fixed = param ? null : STATIC.exec(part);
    if (!param && !fixed) {
      throw new RouteSyntaxError(pattern, `segment "${part}" is neither static, a :parameter, optional (?) nor a final *`);
    }
    const segment: Segment = param ? { param: param[1]! } : { param: null, value: fixed![1]!.toLowerCase() };
    const optional = Boolean((param ?? fixed)![2]);
    shapes = shapes.flatMap((s) => (optional ? [[...s, segment], s] : [[...s, segment]]));
  }
  return shapes.map((segments) => ({ segments, splat, score: score(segments, splat, index) }));
}

/** react-router's computeScore, of the expanded path ('/my/board', '/', '/files/*'). */
function score(segments: Segment[], splat: boolean, index: boolean): number {
  const path = `/${[...segments.map((s) => (s.param === null ? s.value : `:${s.param}`)), ...(splat ? ['*'] : [])].join('/')}`;
  const pieces = path.split('/');
  let total = pieces.length + (splat ? -2 : 0) + (index ? 2 : 0);
  for (const piece of pieces) {
    if (piece !== '*') total += piece.startsWith(':') ? 3 : piece === '' ? 1 : 10;
  }
  return total;
}

/** The pattern is valid route syntax (RouteSyntaxError otherwise). */
export function checkRouteSyntax(pattern: string): void {
  shapesOf(pattern);
}

/**
 * The two patterns are one route under other names: they differ at most in parameter names and
 * the case of static segments, once optional segments are expanded (`/:uid` and `/:id`;
 * `/:lang?/about` and `/about`).
 */
export function samePattern(a: string, b: string): boolean {
  const key = (s: Shape) => `${s.segments.map((x) => (x.param === null ? `/${x.value}` : '/:')).join('')}${s.splat ? '/*' : ''}`;
  const keysOfB = new Set(shapesOf(b).map(key));
  return shapesOf(a).some((s) => keysOfB.has(key(s)));
}

/** A stand-in for a parameter's value in a constructed path: no static segment equals it. */
const FREE = '\u0000';

function matches(shape: Shape, path: string[]): boolean {
  if (shape.splat ? path.length < shape.segments.length : path.length !== shape.segments.length) return false;
  return shape.segments.every((s, i) => s.param !== null || s.value === path[i]);
}

/**
 * The paths both shapes match, as few as decide the question: static segments where either
 * has one, a value no static segment has elsewhere (so as few other routes as possible match),
 * and for two splats every length up to one past the longest route.
 */
function commonPaths(a: Shape, b: Shape, longest: number): string[][] {
  const lengths: number[] = [];
  const [na, nb] = [a.segments.length, b.segments.length];
  if (!a.splat && !b.splat) {
    if (na === nb) lengths.push(na);
  } else if (!a.splat || !b.splat) {
    const fixed = a.splat ? nb : na;
    if (fixed >= (a.splat ? na : nb)) lengths.push(fixed);
  } else {
    for (let n = Math.max(na, nb); n <= longest + 1; n++) lengths.push(n);
  }
  const paths: string[][] = [];
  for (const n of lengths) {
    const path: string[] = [];
    for (let i = 0; i < n; i++) {
      const sa = a.segments[i];
      const sb = b.segments[i];
      const va = sa && sa.param === null ? sa.value : null;
      const vb = sb && sb.param === null ? sb.value : null;
      if (va !== null && vb !== null && va !== vb) break;
      path.push(va ?? vb ?? FREE);
    }
    if (path.length === n) paths.push(path);
  }
  return paths;
}

export type RouteConflict =
  /** `pattern` matches exactly what `other.pattern` of another remote matches. */
  | { kind: 'same'; pattern: string; other: OwnedRoute }
  /** `pattern` would win `path`, which `other` (of another remote) serves today. */
  | { kind: 'outranks'; pattern: string; other: OwnedRoute; path: string };

/**
 * The first route of `remote`'s new table that would take a path from another remote: the same
 * pattern up to parameter names, or one ranked at least as high as the route serving a path
 * today. `current` is every remote's routes as served today (the registry's), this remote's
 * included: what it serves today it may keep serving (`/login` over `/:id`).
 */
export function routeConflict(remote: string, table: RouteBranch[], current: OwnedRoute[]): RouteConflict | null {
  const served = current.flatMap((route) => shapesOf(route.pattern, route.index).map((shape) => ({ route, shape })));
  const others = served.filter((s) => s.route.remote !== remote);
  for (const { pattern } of table) {
    const other = others.find((o) => samePattern(pattern, o.route.pattern));
    if (other) return { kind: 'same', pattern, other: other.route };
  }
  const longest = Math.max(0, ...served.map((s) => s.shape.segments.length), ...table.flatMap((b) => shapesOf(b.pattern).map((s) => s.segments.length)));
  for (const branch of table) {
    for (const shape of shapesOf(branch.pattern, branch.index)) {
      for (const target of others) {
        for (const path of commonPaths(shape, target.shape, longest)) {
          // Who serves this path today: the best-ranked current routes matching it.
          const matching = served.filter((s) => matches(s.shape, path));
          const best = Math.max(...matching.map((s) => s.shape.score));
          const loser = matching.find((s) => s.shape.score === best && s.route.remote !== remote);
          if (loser && shape.score >= best) {
            return { kind: 'outranks', pattern: branch.pattern, other: loser.route, path: shown(path, loser.shape) };
          }
        }
      }
    }
  }
  return null;
}

/** The path for a message: a free segment shown as the parameter that matches it (`/:id/board`). */
function shown(path: string[], shape: Shape): string {
  return `/${path.map((v, i) => (v === FREE ? `:${shape.segments[i]?.param ?? 'any'}` : v)).join('/')}`;
}

/** The patterns that would serve `pathname` (several on a tie, which only order decides). */
export function bestRoutes(patterns: string[], pathname: string): string[] {
  const path = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => s.toLowerCase());
  const matching = patterns.flatMap((pattern) =>
    shapesOf(pattern)
      .filter((shape) => matches(shape, path))
      .map((shape) => ({ pattern, score: shape.score })),
  );
  const best = Math.max(...matching.map((m) => m.score));
  return [...new Set(matching.filter((m) => m.score === best).map((m) => m.pattern))];
}
