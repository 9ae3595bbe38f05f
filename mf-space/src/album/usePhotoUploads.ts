/**
 * An album's uploads: the chosen files go one after another (a class trip is dozens of photos; one
 * at a time keeps a slow link from stalling them all), each with its progress. A file refused
 * before sending (not a picture, too big, the album full) shows its reason at once; a refusal of
 * the server (a quota, ...) in its words. A sent photo leaves the list and the album is asked
 * again, so it shows among the others.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { refuseImage, useAppDispatch } from '@xiaoba/shared';
import { ALBUM_MSG, ALBUM_PHOTOS_MAX } from '@xiaoba/shared/space-features';
import { afterPhotosUploaded, uploadPhoto } from './album-api';
import type { ImageSlot } from '../composer/useImageUploads';

interface Owned {
  file: File;
  preview: string;
  abort: AbortController;
}

export function usePhotoUploads({ albumId, uid, photoCount }: { albumId: number; uid: number; photoCount: number }) {
  const dispatch = useAppDispatch();
  const [slots, setSlots] = useState<ImageSlot[]>([]);
  const nextId = useRef(1);
  // Beside the state, so the queue, removal and unmount see the same files without stale closures.
  const owned = useRef(new Map<number, Owned>());
  const queue = useRef<number[]>([]);
  const running = useRef(false);
  const count = useRef(photoCount);
  count.current = photoCount;

  const patch = useCallback((id: number, change: Partial<ImageSlot>) => {
    setSlots((list) => list.map((s) => (s.id === id ? { ...s, ...change } : s)));
  }, []);
  const drop = useCallback((id: number) => {
    release(owned.current, id);
    setSlots((list) => list.filter((s) => s.id !== id));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    let sent = 0;
    while (queue.current.length) {
      const id = queue.current.shift()!;
      const entry = owned.current.get(id);
      if (!entry) continue; // removed while waiting
      if (count.current + sent >= ALBUM_PHOTOS_MAX) {
        patch(id, { status: 'failed', message: ALBUM_MSG.albumFull });
        continue;
      }
      patch(id, { status: 'uploading', progress: 0 });
      const result = await uploadPhoto(albumId, entry.file, (progress) => patch(id, { progress }), entry.abort.signal);
      if (!owned.current.has(id)) continue; // removed while sending
      if (result.ok) {
        sent += 1;
        drop(id);
        dispatch(afterPhotosUploaded(uid, albumId));
      } else {
        patch(id, { status: 'failed', message: result.message });
      }
    }
    running.current = false;
  }, [albumId, uid, dispatch, patch, drop]);

  const add = useCallback(
    (files: File[]) => {
      const fresh: ImageSlot[] = [];
      for (const file of files) {
        const id = nextId.current++;
        const reason = refuseImage(file);
        if (reason) {
          fresh.push({ id, name: file.name, preview: '', progress: 0, status: 'failed', message: reason });
          continue;
        }
        const preview = URL.createObjectURL(file);
        owned.current.set(id, { file, preview, abort: new AbortController() });
        queue.current.push(id);
        fresh.push({ id, name: file.name, preview, progress: 0, status: 'waiting' });
      }
      setSlots((list) => [...list, ...fresh]);
      void pump();
    },
    [pump],
  );

  useEffect(() => {
    const map = owned.current;
    return () => {
      for (const id of Array.from(map.keys())) release(map, id);
    };
  }, []);

  return { slots, add, remove: drop, busy: slots.some((s) => s.status === 'uploading' || s.status === 'waiting') };
}

/** Stops a file's upload and frees its preview's memory (object URLs live until revoked). */
function release(map: Map<number, Owned>, id: number) {
  const entry = map.get(id);
  if (!entry) return;
  map.delete(id);
  entry.abort.abort();
  URL.revokeObjectURL(entry.preview);
}
