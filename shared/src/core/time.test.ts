import { describe, expect, it } from 'vitest';
import { fullTime, isoTime, relativeTime } from './time';

// Local times, so the tests hold in any time zone.
const unix = (...parts: [number, number, number, number?, number?, number?]) =>
  Math.floor(new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0).getTime() / 1000);
const NOW = new Date(2024, 5, 15, 12, 0, 0); // 2024-06-15 12:00:00
const now = NOW.getTime() / 1000;
const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, '刚刚'],
    [1, '刚刚'],
    [59, '刚刚'],
    [60, '1分钟前'],
    [119, '1分钟前'],
    [5 * MIN, '5分钟前'],
    [59 * MIN + 59, '59分钟前'],
    [60 * MIN, '1小时前'],
    [3 * HOUR, '3小时前'],
    [23 * HOUR, '23小时前'],
    [24 * HOUR - 1, '23小时前'],
    [24 * HOUR, '1天前'],
    [2 * DAY, '2天前'],
    [7 * DAY - 1, '6天前'],
    [7 * DAY, '7天前'],
    [7 * DAY + 1, '6月8日 11:59'],
    [30 * DAY, '5月16日 12:00'],
  ])('%i seconds ago is %s', (ago, text) => {
    expect(relativeTime(now - ago, NOW)).toBe(text);
  });

  it('shows just now for a time slightly in the future (clock skew), a date for one far ahead', () => {
    expect(relativeTime(now + 1, NOW)).toBe('刚刚');
    expect(relativeTime(now + 4 * MIN, NOW)).toBe('刚刚');
    expect(relativeTime(now + 2 * DAY, NOW)).toBe('6月17日 12:00');
  });

  it('pads hours and minutes but not month and day', () => {
    expect(relativeTime(unix(2024, 1, 5, 9, 5), NOW)).toBe('1月5日 09:05');
  });

  it('shows the year for a date of another year', () => {
    expect(relativeTime(unix(2023, 6, 15, 12, 0), NOW)).toBe('2023年6月15日');
    expect(relativeTime(unix(2023, 12, 31, 23, 59), NOW)).toBe('2023年12月31日');
  });

  it('counts across New Year as any other time', () => {
    const newYear = new Date(2025, 0, 1, 0, 0, 30);
    expect(relativeTime(unix(2024, 12, 31, 23, 59, 50), newYear)).toBe('刚刚');
    expect(relativeTime(unix(2024, 12, 31, 23, 0, 0), newYear)).toBe('1小时前');
    expect(relativeTime(unix(2024, 12, 30, 0, 0, 0), newYear)).toBe('2天前');
    const week = new Date(2025, 0, 8, 0, 0, 31);
    expect(relativeTime(unix(2024, 12, 31, 23, 59, 50), week)).toBe('2024年12月31日');
    expect(relativeTime(unix(2025, 1, 1, 0, 0, 0), new Date(2025, 0, 9))).toBe('1月1日 00:00');
  });
});

describe('fullTime and isoTime', () => {
  it('formats the full local date and time', () => {
    expect(fullTime(unix(2024, 6, 15, 9, 5))).toBe('2024年6月15日 09:05');
    expect(fullTime(unix(2023, 12, 31, 23, 59))).toBe('2023年12月31日 23:59');
  });
  it('gives ISO 8601 for dateTime', () => {
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});
