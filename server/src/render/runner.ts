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
 * - parent → child `{ id, entry, props }`: `entry` is the absolute path of a remote's server entry,
 *   `props` the JSON data of the render;
 * - child → parent `{ id, ok: true, html, css }` or `{ id, ok: false, message }`.
 *
 * A remote's server entry is an ES module exporting
 *
 *     export async function render(props: unknown): Promise<{ html: string; css?: string }>
 *
 * It is imported once (by file URL) and kept for the process's life. Everything it imports must
 * lie inside its root (bundle it, or ship its node_modules inside the root).
 *
 * The process exits when the IPC channel closes: the server stopped or died, or closed the sandbox.
 */
import { pathToFileURL } from 'node:url';

interface RenderMessage {
  id: number;
  entry: string;
  props: unknown;
}

interface ServerEntry {
  render(props: unknown): unknown;
}

const entries = new Map<string, Promise<ServerEntry>>();

function load(entry: string): Promise<ServerEntry> {
  let loaded = entries.get(entry);
  if (!loaded) {
    loaded = import(pathToFileURL(entry).href).then((module: Partial<ServerEntry>) => {
      if (typeof module.render !== 'function') throw new Error(`${entry} exports no render(props) function`);
      return module as ServerEntry;
    });
    // A failed import is not kept: the next request tries again.
    loaded.catch(() => entries.delete(entry));
    entries.set(entry, loaded);
  }
  return loaded;
}

function answer(message: object): void {
  // The channel may be gone (the parent closed the sandbox meanwhile): nothing to tell.
  if (process.connected) process.send!(message);
}

async function handle({ id, entry, props }: RenderMessage): Promise<void> {
  try {
    const out = (await (await load(entry)).render(props)) as { html?: unknown; css?: unknown } | null | undefined;
    if (!out || typeof out.html !== 'string' || (out.css !== undefined && typeof out.css !== 'string')) {
      throw new Error(`${entry}: render(props) must resolve to { html: string, css?: string }`);
    }
    answer({ id, ok: true, html: out.html, css: out.css ?? '' });
  } catch (error) {
    answer({ id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

process.on('message', (message: RenderMessage) => void handle(message));
process.on('disconnect', () => process.exit(0));
answer({ type: 'ready' });
