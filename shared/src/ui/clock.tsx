/**
 * Times shown on a page, the same in the server's render and the browser's hydration of it.
 *
 * A server-painted page was rendered at some instant on a machine whose time zone is not the
 * reader's; the browser hydrates it seconds later, in the reader's zone. Text that differs ("刚刚" →
 * "1分钟前", another day's date) would make React throw the hydrated markup away. So while a page
 * hydrates, times are shown as the server rendered them (at `paintedAt`, in China's time, the zone of
 * the site's readers), through useSyncExternalStore's server snapshot; right after, the browser
 * shows its own now and zone (usually the same text), and updates each minute.
 */
import { useSyncExternalStore } from 'react';
import { fullTime, relativeTime } from '../core/time';

/** China's offset from UTC, in minutes: the zone a page is painted in. */
const PAINT_UTC_OFFSET_MINUTES = 8 * 60;
let paintedAt: number | null = null;

/** The instant the page's server render used (ms), so the browser's hydration shows the same times; the server entry and the shell set it. */
export function setPaintedAt(ms: number | null): void {
  paintedAt = typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}

/** A Date whose local calendar and clock read China's wall time at instant `ms`, wherever this runs. */
export const inPaintZone = (ms: number): Date => new Date(ms + (PAINT_UTC_OFFSET_MINUTES + new Date(ms).getTimezoneOffset()) * 60_000);
const local = (ms: number): Date => new Date(ms);

/** How a text is made from now and a way to show an instant (local, or the paint zone's). */
export type ClockText = (now: Date, shown: (ms: number) => Date) => string;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
/** One timer for every time on the page: a minute is the finest step any of them shows. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useClockText(text: ClockText): string {
  return useSyncExternalStore(
    subscribe,
    () => text(new Date(), local),
    () => text(inPaintZone(paintedAt ?? Date.now()), inPaintZone),
  );
}

/** A post's time as people say it (3分钟前), with the full date on hover and for machines. */
export function RelativeTime({ at, className }: { at: number; className?: string }) {
  const said = useClockText((now, shown) => relativeTime(at, now, shown));
  const full = useClockText((_now, shown) => fullTime(at, shown));
  return (
    <time className={className} dateTime={new Date(at * 1000).toISOString()} title={full}>
      {said}
    </time>
  );
}
