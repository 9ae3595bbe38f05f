/** Birthday as the selects of registration, /card and /setting/profile hold it: each part a number, or null while not chosen. */
// Through ./form-parts.ts: a page's build takes these from the singleton.
import { birthDays, daysInMonth, formatBirthday, parseBirthday } from './form-parts';

export interface BirthdayValue {
  year: number | null;
  month: number | null;
  day: number | null;
}

export const EMPTY_BIRTHDAY: BirthdayValue = { year: null, month: null, day: null };

/** Before a year is chosen, February offers 29 days (a leap year); choosing a year clamps. */
const ANY_LEAP_YEAR = 2000;

/** Days offered for the chosen year and month (31 while no month is chosen). */
export function dayOptions({ year, month }: BirthdayValue): number[] {
  return birthDays(year ?? ANY_LEAP_YEAR, month ?? 1);
}

/** Keeps the day within the month: 31 March becomes 30 April, 29 February 2000 becomes 28 in 2001. */
export function clampDay(value: BirthdayValue): BirthdayValue {
  if (value.day === null || value.month === null) return value;
  const last = daysInMonth(value.year ?? ANY_LEAP_YEAR, value.month);
  return value.day > last ? { ...value, day: last } : value;
}

export function birthdayFromText(text: string | null | undefined): BirthdayValue {
  const parts = text ? parseBirthday(text) : null;
  return parts ?? EMPTY_BIRTHDAY;
}

/** 'YYYY-MM-DD' when every part is chosen, '' otherwise. */
export function birthdayText({ year, month, day }: BirthdayValue): string {
  return year && month && day ? formatBirthday({ year, month, day }) : '';
}
