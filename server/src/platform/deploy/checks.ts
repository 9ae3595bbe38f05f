/**
 * The checks a published build passes before anything is stored (docs/api.md "Publishing a
 * remote"): a readable ZIP of safe relative paths within the size limits, with `remoteEntry.js`
 * and `routes.json`; routes.json naming this remote and declaring no route that would take a path
 * another remote serves (route-rank.ts: matched and ranked as the router does, not by spelling);
 * prerender/pages.json claiming only this remote's own routes; its contract equal to the served
 * shell's. Each refusal is a DeployRefusal: status and a message
 * for the developer who ran the deploy.
 */
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { contractMismatch, parseContract, type BuildContract } from '@xiaoba/shared/core';
import { foreignImports, SERVER_ENTRY_FILE } from '../render/entry-imports';
import { normaliseRoute, type RemoteDef, type Registry } from './registry';
import { checkRouteSyntax, routeBranches, routeConflict, RouteSyntaxError, type RouteConflict } from './route-rank';

export class DeployRefusal extends Error {
  constructor(
    readonly statusCode: number,
    detail: string,
    /** The Chinese lead-in every refusal starts with (the envelope's messages are Chinese). */
    zh = '发布被拒绝',
  ) {
    super(`${zh}：${detail}`);
    this.name = 'DeployRefusal';
  }
}

export const LIMITS = {
  /** Largest single file of a build. */
  fileBytes: 5 * 1024 * 1024,
  files: 2000,
  /** All files together, uncompressed: a ZIP bomb stops here. */
  totalBytes: 200 * 1024 * 1024,
} as const;

export interface BuildFile {
  path: string;
  data: Buffer;
  sha256: string;
}

export interface ReadBuild {
  files: BuildFile[];
  /** Dotfiles and folders (`.vite/manifest.json`): never served, so not stored. */
  skipped: string[];
}

/** Why a path from a ZIP cannot be a file of the build, or null when it is fine. */
export function unsafePathReason(name: string): string | null {
  if (name.includes('\0')) return 'contains a NUL character';
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is absolute';
  const segments = name.split('/');
  if (segments.includes('..')) return 'leaves the folder (..)';
  if (segments.some((s, i) => s === '' && i < segments.length - 1) || segments.includes('.')) return 'has an empty or . segment';
  if (name.length > 500) return 'is longer than 500 characters';
  return null;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Every file of the ZIP, checked; refuses a damaged ZIP, an unsafe path or a limit passed. */
export async function readBuildZip(zipData: Buffer): Promise<ReadBuild> {
  let zip: yauzl.ZipFile;
  try {
    // decodeStrings off: yauzl would refuse bad names with its own terse errors; ours say which rule.
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(zipData, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, z) =>
        err || !z ? reject(err ?? new Error('yauzl opened no ZIP')) : resolve(z),
      ),
    );
  } catch (error) {
    throw new DeployRefusal(400, `the upload is not a readable ZIP (${(error as Error).message})`);
  }
  const files: BuildFile[] = [];
  const skipped: string[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        const reason = unsafePathReason(name);
        if (reason) return reject(new DeployRefusal(400, `unsafe path in the ZIP: ${JSON.stringify(name)} ${reason}`));
        if (name.endsWith('/')) return zip.readEntry(); // a folder entry
        if (name.split('/').some((s) => s.startsWith('.'))) {
          skipped.push(name);
          return zip.readEntry();
        }
        if (files.length + 1 > LIMITS.files) return reject(new DeployRefusal(413, `too many files: more than ${LIMITS.files}`));
        if (entry.uncompressedSize > LIMITS.fileBytes) {
          return reject(new DeployRefusal(413, `${name} is too large: ${mb(entry.uncompressedSize)}, at most ${mb(LIMITS.fileBytes)} per file`));
        }
        total += entry.uncompressedSize;
        if (total > LIMITS.totalBytes) return reject(new DeployRefusal(413, `the build is too large: more than ${mb(LIMITS.totalBytes)} uncompressed`));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            files.push({ path: name, data, sha256: createHash('sha256').update(data).digest('hex') });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof DeployRefusal) throw error;
    throw new DeployRefusal(400, `the ZIP is damaged (${(error as Error).message})`);
  } finally {
    zip.close();
  }
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) throw new DeployRefusal(400, `the ZIP holds ${f.path} twice`);
    seen.add(f.path);
  }
  for (const needed of ['remoteEntry.js', 'routes.json']) {
    if (!seen.has(needed)) throw new DeployRefusal(400, `${needed} is missing at the top of the ZIP (zip the contents of dist/, not the folder)`);
  }
  return { files, skipped };
}

/** The build contract (shared/src/core/contract.ts): one definition for the server and the shell. */
export type Contract = BuildContract;
export const contractOf = (value: unknown): Contract | null => parseContract(value) ?? null;
export { contractMismatch };

/** More routes than any remote needs; the ownership check stays cheap below it. */
const MAX_ROUTES = 500;

/** Every full route pattern of a route table ('/my', '/my/board', '/:id'). */
export function routePatterns(rows: unknown): string[] {
  return routeBranches(rows).map((branch) => branch.pattern);
}

function conflictReason(conflict: RouteConflict): string {
  const { pattern, other } = conflict;
  if (conflict.kind === 'same') {
    return pattern === other.pattern
      ? `route ${pattern} belongs to ${other.remote}`
      : `route ${pattern} belongs to ${other.remote}: it is ${other.remote}'s ${other.pattern} up to parameter names`;
  }
  return `route ${pattern} would outrank ${other.remote}'s ${other.pattern} for ${conflict.path}, a path ${other.remote} serves today`;
}

export interface RoutesFile {
  name: string;
  routes: unknown[];
  contract: Contract;
  /** The remote's server entry (server/entry.mjs) when its build has one (docs/adr/0016 "Step 2"). */
  server?: string;
}

/**
 * routes.json of the build against the registry and the shell's contract (null: the shell has
 * none, so nothing can be checked against it and the build is refused).
 */
export function checkRoutesFile(text: Buffer, def: RemoteDef, registry: Registry, shell: Contract | null): RoutesFile {
  let parsed: { name?: unknown; routes?: unknown; contract?: unknown; server?: unknown };
  try {
    parsed = JSON.parse(text.toString('utf8')) as typeof parsed;
  } catch (error) {
    throw new DeployRefusal(400, `routes.json is not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.routes)) {
    throw new DeployRefusal(400, 'routes.json must be {"name": string, "routes": [...], "contract": {...}}');
  }
  if (parsed.name !== def.federation) {
    throw new DeployRefusal(409, `routes.json names ${JSON.stringify(parsed.name)}, but ${def.name} is ${def.federation} in the registry`);
  }
  const table = routeBranches(parsed.routes);
  if (table.length > MAX_ROUTES) throw new DeployRefusal(400, `routes.json declares ${table.length} routes, more than ${MAX_ROUTES}`);
  try {
    for (const branch of table) checkRouteSyntax(branch.pattern);
  } catch (error) {
    if (error instanceof RouteSyntaxError) throw new DeployRefusal(400, `routes.json: ${error.message}`);
    throw error;
  }
  // Ownership by what a route matches (route-rank.ts), against the routes the registry gives each remote.
  const current = registry.remotes.flatMap((r) => r.owns.map((pattern) => ({ remote: r.name, pattern })));
  const conflict = routeConflict(def.name, table, current);
  if (conflict) throw new DeployRefusal(409, `${conflictReason(conflict)}: ${def.name} may not declare it`);
  const contract = contractOf(parsed.contract);
  if (!contract) throw new DeployRefusal(409, 'routes.json has no contract: rebuild the remote with the current tools (npm run build)');
  if (!shell) throw new DeployRefusal(409, 'the served shell has no contract.json, so the build cannot be checked: the operator must rebuild the shell');
  const mismatch = contractMismatch(contract, shell);
  if (mismatch) throw new DeployRefusal(409, `contract mismatch with the served shell: ${mismatch}`);
  return { name: parsed.name, routes: parsed.routes, contract, ...(typeof parsed.server === 'string' ? { server: parsed.server } : {}) };
}

/** The page files a prerender/pages.json may name (the server reads no other). */
const PAGE_FILE = /^[\w-]+\.json$/;

/**
 * prerender/pages.json of the build (path -> page file, written by tools/prerender.mjs), when it
 * has one: the server puts a page's HTML into index.html for its path, so a remote may claim only
 * the routes the registry gives it, never another remote's page (nor one nobody owns).
 */
export function checkPrerenderedPages(files: BuildFile[], def: RemoteDef, registry: Registry): void {
  const pagesFile = files.find((f) => f.path === 'prerender/pages.json');
  if (!pagesFile) return;
  let pages: unknown;
  try {
    pages = JSON.parse(pagesFile.data.toString('utf8'));
  } catch (error) {
    throw new DeployRefusal(400, `prerender/pages.json is not valid JSON (${(error as Error).message})`);
  }
  if (typeof pages !== 'object' || pages === null || Array.isArray(pages)) {
    throw new DeployRefusal(400, 'prerender/pages.json must be {"<route path>": "<page>.json", ...}');
  }
  for (const [pagePath, file] of Object.entries(pages)) {
    const route = normaliseRoute(pagePath);
    if (!def.owns.includes(route)) {
      const owner = registry.remotes.find((r) => r.owns.includes(route));
      throw new DeployRefusal(
        409,
        owner
          ? `prerendered page ${route} belongs to ${owner.name}: ${def.name} may not serve it`
          : `prerendered page ${route} is not a route of ${def.name} in the registry (remotes.config.json)`,
      );
    }
    if (typeof file !== 'string' || !PAGE_FILE.test(file) || !files.some((f) => f.path === `prerender/${file}`)) {
      throw new DeployRefusal(400, `prerendered page ${route} names ${JSON.stringify(file)}, which is not a file prerender/<name>.json of the ZIP`);
    }
  }
}

/**
 * The server render of the build (docs/adr/0016 "Step 2"), when it has one: exactly the one file
 * server/entry.mjs, declared by the routes.json of the same build (so the contract checked above
 * is the one it was built against, and the version's hash covers it), importing nothing but Node's
 * built-ins (the render sandbox's child may read only the remote's folder).
 */
export function checkServerEntry(files: BuildFile[], routes: RoutesFile): void {
  const serverFiles = files.filter((f) => f.path.startsWith('server/'));
  const declared = (routes as { server?: unknown }).server;
  if (declared !== undefined && declared !== SERVER_ENTRY_FILE) {
    throw new DeployRefusal(400, `routes.json names the server entry ${JSON.stringify(declared)}: it must be ${SERVER_ENTRY_FILE}`);
  }
  const stray = serverFiles.find((f) => f.path !== SERVER_ENTRY_FILE);
  if (stray) throw new DeployRefusal(400, `${stray.path}: a server build is the one file ${SERVER_ENTRY_FILE}, every library bundled inside`);
  const entry = serverFiles[0];
  if (!entry && declared === undefined) return;
  if (!entry) throw new DeployRefusal(400, `routes.json declares ${SERVER_ENTRY_FILE}, which the ZIP lacks`);
  if (declared === undefined) {
    throw new DeployRefusal(409, `${SERVER_ENTRY_FILE} is not declared by routes.json: rebuild the remote with the current tools (npm run build)`);
  }
  const foreign = foreignImports(entry.data.toString('utf8'));
  if (foreign.length > 0) {
    throw new DeployRefusal(
      400,
      `${SERVER_ENTRY_FILE} imports ${foreign.map((s) => JSON.stringify(s)).join(', ')}: bundle every library into it (only node: built-ins may stay)`,
    );
  }
}
