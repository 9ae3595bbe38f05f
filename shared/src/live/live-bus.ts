/**
 * Where the modules meet the live stream (docs/architecture.md "Live updates").
 * Module-level state: `@xiaoba/shared` is one federated singleton, so every remote subscribes to
 * the same bus the shell's stream feeds. This file is small and in the first load; the stream's
 * code (fetch, parser, reconnects: ./stream.ts) is a lazy chunk loaded when a signed-in page is idle.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEvent, LiveEventType } from '../core/live';

export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;
type AnyHandler = (event: LiveEvent) => void;

const handlers = new Map<LiveEventType, Set<AnyHandler>>();
const connectionListeners = new Set<() => void>();
let connected = false;

export const liveBus = {
  /** Hands an event to every subscriber of its type; one subscriber's failure stops no other. */
  emit(event: LiveEvent): void {
    for (const handler of Array.from(handlers.get(event.type) ?? [])) {
      try {
        handler(event);
      } catch (error) {
        console.error('live event handler failed', error);
      }
    }
  },
  subscribe<T extends LiveEventType>(type: T, handler: (event: LiveEventOf<T>) => void): () => void {
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    const h = handler as AnyHandler;
    set.add(h);
    return () => void set.delete(h);
  },
  /** Whether a stream is open (its `hello` arrived) and has not broken since. */
  isConnected: (): boolean => connected,
  setConnected(next: boolean): void {
    if (next === connected) return;
    connected = next;
    for (const listener of Array.from(connectionListeners)) listener();
  },
  onConnectionChange(listener: () => void): () => void {
    connectionListeners.add(listener);
    return () => void connectionListeners.delete(listener);
  },
};

/**
 * Calls `handler` for each live event of `type` while the component is mounted. The handler may
 * change on every render (the latest one is called); the subscription does not.
 */
export function useLiveEvent<T extends LiveEventType>(type: T, handler: (event: LiveEventOf<T>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveBus.subscribe(type, (event) => latest.current(event)), [type]);
}

/** Whether live updates arrive now: while false, a page polls as before; while true, it need not. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(liveBus.onConnectionChange, liveBus.isConnected, () => false);
}
