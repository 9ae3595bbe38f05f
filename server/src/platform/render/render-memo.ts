/**
 * Renders answered once for the same input (docs/adr/0016 "Server cost"): a render sandbox whose
 * `render` gives the answer it gave a moment ago when the entry (the same file version) is asked
 * the same call with the same props, instead of asking a child again; and renders asked side by
 * side with the same input share one child's answer.
 *
 * What a remote's entry renders is a function of its props (the page's path, the user as that remote
 * may see them, the answers to its plan): two requests with the same input get the same page. So a
 * page asked again while its data has not changed (a reload, a second tab, a prefetching browser,
 * the 20 requests of a benchmark) is not rendered again, and a page whose data changed is: the data
 * is in the key. Keys are of the whole input, so two users share an answer only when their props are
 * identical, and then the answer is the same anyway.
 *
 * - Only answers that succeeded are kept; a failure is asked again next time.
 * - For `ttlMs` after it arrived (the entries' texts such as 3分钟前 move on with the clock), and
 *   within `maxBytes` in all (the least recently used go first).
 * - The file's version (device, inode, size, modification time; a new build is a new file) is in
 *   the key: a rebuilt or newly published entry is asked at once. A link swapped in for an entry
 *   changes it too, and the sandbox's own checks then run on the new file.
 * - Kept answers are frozen (deeply): a caller that changed one would change it for the next page.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { RenderRequest, RenderResult, RenderSandbox } from './sandbox';

export interface RenderMemoOptions {
  /** How long an answer is given again after it arrived, in ms (0: never; every render asks a child). */
  ttlMs: number;
  /** Bound on the kept answers' size (their html, css and data as JSON, in UTF-16 code units ~ bytes). */
  maxBytes: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Kept {
  answer: Promise<RenderResult>;
  /** When it stops being given (Infinity while the render is on its way). */
  expires: number;
  bytes: number;
}

/** Freezes an answer's data, all the way down (JSON-like values: objects and arrays). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The entry file's version, or null when it cannot be read (the sandbox then answers for itself). */
function fileVersion(entry: string): string | null {
  try {
    const s = statSync(entry, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return null;
  }
}

/** `sandbox` with its renders kept by input (the module's doc above); `ttlMs` 0 gives the sandbox itself. */
export function memoizeRenders(sandbox: RenderSandbox, options: RenderMemoOptions): RenderSandbox & { readonly keptBytes: number } {
  const now = options.now ?? Date.now;
  const kept = new Map<string, Kept>();
  let keptBytes = 0;

  const drop = (key: string) => {
    const found = kept.get(key);
    if (!found) return;
    kept.delete(key);
    keptBytes -= found.bytes;
  };

  /** Back within the bound, the least recently used (the Map's first) going first, and any expired on the way. */
  const makeRoom = () => {
    const at = now();
    for (const [key, entry] of kept) {
      // A render on its way has no size yet and is left to finish.
      if (entry.expires === Infinity) continue;
      if (keptBytes <= options.maxBytes && entry.expires > at) return;
      drop(key);
    }
  };

  const render = (request: RenderRequest): Promise<RenderResult> => {
    if (options.ttlMs <= 0 || typeof request.entry !== 'string') return sandbox.render(request);
    const version = fileVersion(request.entry);
    if (version === null) return sandbox.render(request);
    const key = createHash('sha256')
      .update(`${request.entry}\0${version}\0${request.call ?? 'render'}\0`)
      .update(JSON.stringify(request.props) ?? 'undefined')
      .digest('base64');
    const found = kept.get(key);
    if (found && found.expires > now()) {
      // Most recently used: to the Map's end.
      kept.delete(key);
      kept.set(key, found);
      return found.answer;
    }
    if (found) drop(key);
    const entry: Kept = { answer: sandbox.render(request), expires: Infinity, bytes: 0 };
    kept.set(key, entry);
    void entry.answer.then((result) => {
      if (kept.get(key) !== entry) return;
      if (!result.ok) {
        drop(key);
        return;
      }
      deepFreeze(result);
      entry.expires = now() + options.ttlMs;
      entry.bytes = result.html.length + result.css.length + (JSON.stringify(result.data)?.length ?? 0);
      keptBytes += entry.bytes;
      makeRoom();
    });
    return entry.answer;
  };

  return {
    render,
    warm: (entries) => sandbox.warm(entries),
    containment: (entry) => sandbox.containment(entry),
    close: () => {
      kept.clear();
      keptBytes = 0;
      return sandbox.close();
    },
    get keptBytes() {
      return keptBytes;
    },
  };
}
