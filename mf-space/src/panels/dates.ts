/** Dates of the side panel, the way the old site wrote them: 2015年12月26日. */
import { parseBirthday } from '@xiaoba/shared';

export const UNKNOWN = '未知';

export const dateText = (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;

/** A unix-seconds time as a date (local, or as `shown` gives it: ui/clock's paint zone); 0 (never recorded) reads 未知. */
export const unixDate = (seconds: number, shown: (ms: number) => Date = (ms) => new Date(ms)) => (seconds > 0 ? dateText(shown(seconds * 1000)) : UNKNOWN);

/** A stored 'YYYY-MM-DD' birthday as a date; empty or malformed reads 未知. */
export function birthdayText(birthday: string): string {
  const parts = parseBirthday(birthday);
  return parts ? `${parts.year}年${parts.month}月${parts.day}日` : UNKNOWN;
}
