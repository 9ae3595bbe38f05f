/**
 * The contract between the shell and a remote built apart from it (docs/api.md "Publishing a
 * remote", ADR 0010). A remote runs inside the shell's page on the shell's copies of the shared
 * libraries, so it only works when both were built against the same shared API and the same
 * versions of those libraries.
 *
 * SHARED_CONTRACT is the version of `@xiaoba/shared`'s API as remotes use it. Bump it (a new
 * string, e.g. '1' to '2') in the same change that breaks that API: a removed or renamed export,
 * a changed signature or store shape, a changed meaning. Adding something new is not a break.
 * After a bump, the shell and every remote must be rebuilt; the server refuses to publish a remote
 * whose contract differs from the served shell's, and the shell does not load one.
 *
 * Kept as a plain `export const NAME = '...'` line: shared/build/federation.mjs reads it from this
 * file's text (it runs in Node, which cannot import TypeScript).
 */
export const SHARED_CONTRACT = '2';

/**
 * What a build was made against: written by shared/build/federation.mjs into each remote's
 * routes.json and into the shell (shell/dist/contract.json and its bundle).
 */
export interface BuildContract {
  /** SHARED_CONTRACT at build time. */
  shared: string;
  /** Every federated singleton with its exact installed version, e.g. { react: '19.3.1' }. */
  singletons: Record<string, string>;
}

/** A contract object as routes.json or the manifest holds it, or undefined when malformed. */
export function parseContract(value: unknown): BuildContract | undefined {
  const c = value as Partial<BuildContract> | null;
  if (typeof c !== 'object' || c === null || typeof c.shared !== 'string') return undefined;
  const s = c.singletons;
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return undefined;
  if (!Object.values(s).every((v) => typeof v === 'string')) return undefined;
  return { shared: c.shared, singletons: s };
}

/**
 * The first difference between a remote's contract and the shell's, as one line
 * (`react: remote 19.1.0, shell 19.2.0`), or null when every field is equal.
 */
export function contractMismatch(remote: unknown, shell: BuildContract): string | null {
  const r = parseContract(remote);
  if (!r) return 'remote has no build contract (built with older tools: rebuild it)';
  if (r.shared !== shell.shared) return `@xiaoba/shared contract: remote ${r.shared}, shell ${shell.shared}`;
  for (const name of new Set([...Object.keys(shell.singletons), ...Object.keys(r.singletons)])) {
    const mine = r.singletons[name];
    const theirs = shell.singletons[name];
    if (mine !== theirs) return `${name}: remote ${mine ?? 'not shared'}, shell ${theirs ?? 'not shared'}`;
  }
  return null;
}
