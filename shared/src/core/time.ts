/**
 * Times of posts, comments and messages, relative to now, in the reader's local time. Plain dayjs
 * (diff and format, no plugins or locale needed for these phrases): no DOM, so the server can
 * bundle it too.
 */
import dayjs from 'dayjs';

/** A time up to this far in the future (clocks differ) still counts as just now. */
const SKEW_SECONDS = 5 * 60;

/**
 * `shown` turns an instant into the Date whose local fields are displayed (ui/clock.tsx: the reader's
 * zone, or the zone a page was painted in); `now` is given the same way.
 * `刚刚` under 60 seconds (or slightly in the future), then `5分钟前`, `3小时前`, `2天前` up to
 * 7 days; older: `M月D日 HH:mm` in the current year, `YYYY年M月D日` in another year.
 */
export function relativeTime(unixSeconds: number, now: Date = new Date(), shown: (ms: number) => Date = (ms) => new Date(ms)): string {
  const then = dayjs(shown(unixSeconds * 1000));
  const current = dayjs(now);
  const seconds = current.diff(then, 'second');
  if (seconds < 60 && seconds > -SKEW_SECONDS) return '刚刚';
  if (seconds > 0) {
    if (seconds < 60 * 60) return `${current.diff(then, 'minute')}分钟前`;
    if (seconds < 24 * 60 * 60) return `${current.diff(then, 'hour')}小时前`;
    if (seconds <= 7 * 24 * 60 * 60) return `${current.diff(then, 'day')}天前`;
  }
  return then.year() === current.year() ? then.format('M月D日 HH:mm') : then.format('YYYY年M月D日');
}

/** The full date and time, for a tooltip: `2024年6月15日 09:05`. */
export function fullTime(unixSeconds: number, shown: (ms: number) => Date = (ms) => new Date(ms)): string {
  return dayjs(shown(unixSeconds * 1000)).format('YYYY年M月D日 HH:mm');
}

/** A machine-readable time for `<time dateTime>`: ISO 8601 in UTC. */
export function isoTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
