/**
 * The pictures of the composer: each chosen file is checked, previewed from an object URL and
 * uploaded at once (all in parallel, one request each), so by the time the words are written the
 * pictures are usually already on the server.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { YY_IMAGES_MAX } from '@xiaoba/shared';
import { refuseFile, uploadImage } from './upload';

export interface ImageSlot {
  id: number;
  name: string;
  preview: string;
  /** 0..1 while uploading. */
  progress: number;
  /** `waiting`: queued behind another file (an album's uploads go one after another). */
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  url?: string;
  message?: string;
}

export const TOO_MANY_IMAGES = `最多只能发${YY_IMAGES_MAX}张图片`;

/** A picture already on the server (an entry being edited, a restored draft): shown as uploaded. */
const uploaded = (id: number, url: string, index: number): ImageSlot => ({
  id,
  name: `图片${index + 1}`,
  preview: url,
  progress: 1,
  status: 'done',
  url,
});

/** `initial`: the URLs of pictures already uploaded, shown first (the server's render shows them too). */
export function useImageUploads(initial: readonly string[] = []) {
  const [slots, setSlots] = useState<ImageSlot[]>(() => initial.map((url, i) => uploaded(-1 - i, url, i)));
  /** Files refused before uploading, one line each. */
  const [refused, setRefused] = useState<string[]>([]);
  const nextId = useRef(1);
  // Kept beside the state so unmount and removal can release what they own without stale closures.
  const owned = useRef(new Map<number, { preview: string; abort: AbortController }>());
  // Pictures shown that were uploaded before (no object URL or request of their own), for the count.
  const kept = useRef(new Set(initial.map((_url, i) => -1 - i)));

  const patch = useCallback((id: number, change: Partial<ImageSlot>) => {
    setSlots((list) => list.map((s) => (s.id === id ? { ...s, ...change } : s)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const messages: string[] = [];
      let room = YY_IMAGES_MAX - owned.current.size - kept.current.size;
      const fresh: ImageSlot[] = [];
      for (const file of files) {
        const reason = refuseFile(file);
        if (reason) {
          messages.push(`「${file.name}」：${reason}`);
          continue;
        }
        if (room <= 0) {
          if (!messages.includes(TOO_MANY_IMAGES)) messages.push(TOO_MANY_IMAGES);
          continue;
        }
        room -= 1;
        const id = nextId.current++;
        const preview = URL.createObjectURL(file);
        const abort = new AbortController();
        owned.current.set(id, { preview, abort });
        fresh.push({ id, name: file.name, preview, progress: 0, status: 'uploading' });
        void uploadImage(file, (progress) => patch(id, { progress }), abort.signal).then((result) => {
          if (!owned.current.has(id)) return; // removed meanwhile
          patch(id, result.ok ? { status: 'done', progress: 1, url: result.data.url } : { status: 'failed', message: result.message });
        });
      }
      setRefused(messages);
      if (fresh.length) setSlots((list) => [...list, ...fresh]);
    },
    [patch],
  );

  const release = useCallback((id: number) => releaseSlot(owned.current, id), []);

  const remove = useCallback(
    (id: number) => {
      release(id);
      kept.current.delete(id);
      setSlots((list) => list.filter((s) => s.id !== id));
    },
    [release],
  );

  const clear = useCallback(() => {
    for (const id of owned.current.keys()) release(id);
    kept.current.clear();
    setSlots([]);
    setRefused([]);
  }, [release]);

  /** Shows pictures uploaded earlier (a restored draft) after the ones there, up to the limit. */
  const restore = useCallback((urls: readonly string[]) => {
    const room = YY_IMAGES_MAX - owned.current.size - kept.current.size;
    const fresh = urls.slice(0, Math.max(0, room)).map((url, i) => {
      const id = nextId.current++;
      kept.current.add(id);
      return uploaded(id, url, i);
    });
    if (fresh.length) setSlots((list) => [...list, ...fresh]);
  }, []);

  useEffect(() => {
    const map = owned.current;
    return () => {
      for (const id of map.keys()) releaseSlot(map, id);
    };
  }, []);

  return {
    slots,
    refused,
    add,
    remove,
    clear,
    restore,
    uploading: slots.some((s) => s.status === 'uploading'),
    failed: slots.some((s) => s.status === 'failed'),
    urls: slots.flatMap((s) => (s.status === 'done' && s.url ? [s.url] : [])),
    full: slots.length >= YY_IMAGES_MAX,
  };
}

/** Stops a slot's upload and frees its preview's memory (object URLs live until revoked). */
function releaseSlot(map: Map<number, { preview: string; abort: AbortController }>, id: number) {
  const entry = map.get(id);
  if (!entry) return;
  map.delete(id);
  entry.abort.abort();
  URL.revokeObjectURL(entry.preview);
}
