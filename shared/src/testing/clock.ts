/**
 * The instant a test worker's clock starts from. Modules run with `isolate: false`, so a fixture
 * module imported once outlives the file that first imported it; setup puts every file's clock back
 * to this instant, and fixtures that outlive a file make their times from it too (not from the clock
 * at their import, which may be later than the next file's now, turning "1分钟前" into "刚刚").
 */
export function workerClockStart(): number {
  return ((globalThis as { __xbClockStart?: number }).__xbClockStart ??= Date.now());
}

/** workerClockStart in unix seconds: the `NOW` a module's fixtures count back from. */
export const workerNowSeconds = (): number => Math.floor(workerClockStart() / 1000);
