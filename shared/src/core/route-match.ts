/**
 * How well a route pattern (`/my`, `/:id/board`) matches a path: -1 for no match, more for more
 * literal segments, so literal segments beat parameters as in the router. Used by the server's
 * preload hints and by the bench's single-bundle control for the same choice.
 */
export function routeMatchScore(pattern: string, pathname: string): number {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return -1;
  let score = 0;
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) continue;
    if (want[i] !== got[i]) return -1;
    score++;
  }
  return score;
}
