/**
 * The render sandbox's child process (docs/adr/0016-render-sandbox.md): started by sandbox.ts with
 * Node's permission model (it may read only this file and the remotes' server builds; no child
 * processes, no workers, no native addons, no file writes) and an environment holding nothing of
 * the server's (no JWT_SECRET, no DATABASE_URL, no S3 keys).
 *
 * Built as dist/render-runner.js beside dist/main.js (build.mjs). It imports nothing, so the
 * permission to read its own file is all it needs to start.
 *
 * Protocol over the IPC channel, one request at a time (the parent never sends a second before the
 * first is answered):
 * - child → parent `{ type: 'ready' }` once it listens;
 * - parent → child `{ id, entry, call, props }`: `entry` is the absolute path of a remote's server
 *   entry, `call` the export to run (`render`, or `plan`), `props` the JSON data of the call;
 * - child → parent `{ id, ok: true, html, css, data }` or `{ id, ok: false, message }`
 *   (Node's advanced serialization: the structured clone of the data, not JSON text).
 *
 * A remote's server entry is an ES module exporting
 *
 *     export async function render(props: unknown): Promise<{ html: string; css?: string; state?: unknown }>
 *     export async function plan(props: unknown): Promise<unknown>   // optional: a page's first-screen GETs
 *
 * `render`'s `state` (JSON) comes back as `data`; so does whatever `plan` resolves to, with an
 * empty `html`. It is imported once per file version (by file URL and modification time: a rebuild
 * swaps dist/ under a running server) and kept. Everything it imports must lie inside its root
 * (bundle it, or ship its node_modules inside the root).
 *
 * The process exits when the IPC channel closes: the server stopped or died, or closed the sandbox.
 */
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface RenderMessage {
  id: number;
  entry: string;
  call?: 'render' | 'plan';
  props: unknown;
}

interface ServerEntry {
  render(props: unknown): unknown;
  plan?(props: unknown): unknown;
}

const entries = new Map<string, Promise<ServerEntry>>();

function load(entry: string): Promise<ServerEntry> {
  // The file's version: a new build at the same path is a new module, not the one kept.
  const version = statSync(entry).mtimeMs;
  const key = `${entry}?v=${version}`;
  let loaded = entries.get(key);
  if (!loaded) {
    loaded = import(`${pathToFileURL(entry).href}?v=${version}`).then((module: Partial<ServerEntry>) => {
      if (typeof module.render !== 'function') throw new Error(`${entry} exports no render(props) function`);
      return module as ServerEntry;
    });
    // A failed import is not kept: the next request tries again.
    loaded.catch(() => entries.delete(key));
    entries.set(key, loaded);
  }
  return loaded;
}

function answer(message: object): void {
  // The channel may be gone (the parent closed the sandbox meanwhile): nothing to tell.
  if (process.connected) process.send!(message);
}

async function handle({ id, entry, call = 'render', props }: RenderMessage): Promise<void> {
  try {
    const module = await load(entry);
    if (call === 'plan') {
      if (typeof module.plan !== 'function') throw new Error(`${entry} exports no plan(props) function`);
      answer({ id, ok: true, html: '', css: '', data: (await module.plan(props)) ?? null });
      return;
    }
    const out = (await module.render(props)) as { html?: unknown; css?: unknown; state?: unknown } | null | undefined;
    if (!out || typeof out.html !== 'string' || (out.css !== undefined && typeof out.css !== 'string')) {
      throw new Error(`${entry}: render(props) must resolve to { html: string, css?: string }`);
    }
    answer({ id, ok: true, html: out.html, css: out.css ?? '', data: out.state ?? null });
  } catch (error) {
    answer({ id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

process.on('message', (message: RenderMessage | { type: 'warm'; entry: string }) => {
  // Loaded before any page asks (sandbox.ts warm()); a failure is the first render's to report.
  if ('type' in message) void load(message.entry).catch(() => undefined);
  else void handle(message);
});
process.on('disconnect', () => process.exit(0));
answer({ type: 'ready' });
