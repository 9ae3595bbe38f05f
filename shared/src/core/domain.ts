/** Pure domain helpers: age, zodiac and level from a user's fields, and the birthday rules. No DOM, no React. */
import { BIRTH_YEAR_MIN, BIRTH_YEAR_OFFSET, LEVEL_MAX } from './constants';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Selectable days for the birthday selects: 1..n for the chosen year and month. */
export function birthDays(year: number, month: number): number[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1);
}

/** Selectable birth years: 1996 up to this year minus 10, newest first. */
export function birthYears(now: Date = new Date()): number[] {
  const last = now.getFullYear() - BIRTH_YEAR_OFFSET;
  const years: number[] = [];
  for (let y = last; y >= BIRTH_YEAR_MIN; y--) years.push(y);
  return years;
}

/** Age as the original site counts it: current year minus birth year. */
export function age(birthYear: number, now: Date = new Date()): number {
  return now.getFullYear() - birthYear;
}

/** The age from which an account no longer starts with children's privacy. */
export const ADULT_AGE = 18;

/**
 * Whether a stored birthday ('YYYY-MM-DD') says its user is under ADULT_AGE on `now`: by the whole
 * date (the birthday this year not yet reached counts a year less). An empty or malformed birthday
 * counts as under age: nobody has told us otherwise.
 */
export function isMinor(birthday: string | null | undefined, now: Date = new Date()): boolean {
  const parts = parseBirthday(birthday ?? '');
  if (!parts) return true;
  const month = now.getMonth() + 1;
  const reached = month > parts.month || (month === parts.month && now.getDate() >= parts.day);
  return age(parts.year, now) - (reached ? 0 : 1) < ADULT_AGE;
}

export interface Zodiac {
  key: string;
  name: string;
}

// Each sign starts on [month, day]; a date belongs to the last sign that started on or before it.
const ZODIAC_STARTS: Array<[number, number, string, string]> = [
  [1, 20, 'aquarius', '水瓶座'],
  [2, 19, 'pisces', '双鱼座'],
  [3, 21, 'aries', '白羊座'],
  [4, 20, 'taurus', '金牛座'],
  [5, 21, 'gemini', '双子座'],
  [6, 22, 'cancer', '巨蟹座'],
  [7, 23, 'leo', '狮子座'],
  [8, 23, 'virgo', '处女座'],
  [9, 23, 'libra', '天秤座'],
  [10, 24, 'scorpio', '天蝎座'],
  [11, 23, 'sagittarius', '射手座'],
  [12, 22, 'capricorn', '摩羯座'],
];

/** Zodiac sign from month (1-12) and day, in the usual twelve ranges. */
export function zodiac(month: number, day: number): Zodiac {
  let found = ZODIAC_STARTS[ZODIAC_STARTS.length - 1]!; // capricorn wraps into early January
  for (const start of ZODIAC_STARTS) {
    if (month > start[0] || (month === start[0] && day >= start[1])) found = start;
  }
  return { key: found[2], name: found[3] };
}

/** Level = floor(experience / 100) + 1, capped at 100. */
export function level(experience: number): number {
  const value = Math.floor(Math.max(0, experience) / 100) + 1;
  return Math.min(LEVEL_MAX, value);
}

export interface BirthdayParts {
  year: number;
  month: number;
  day: number;
}

/** 'YYYY-MM-DD' from parts. */
export function formatBirthday({ year, month, day }: BirthdayParts): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Parts from 'YYYY-MM-DD', or null when the text is not a real calendar date. */
export function parseBirthday(text: string): BirthdayParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** A birthday the product accepts: a real date whose year is within the selectable years. */
export function isAllowedBirthday(text: string, now: Date = new Date()): boolean {
  const parts = parseBirthday(text);
  if (!parts) return false;
  return parts.year >= BIRTH_YEAR_MIN && parts.year <= now.getFullYear() - BIRTH_YEAR_OFFSET;
}
