import { describe, expect, it } from 'vitest';
import { age, birthDays, birthYears, daysInMonth, formatBirthday, isAllowedBirthday, isLeapYear, isMinor, level, parseBirthday, zodiac } from './domain';

/** Local-time dates, as the functions read getFullYear(). */
const on = (year: number, month = 6, day = 15) => new Date(year, month - 1, day, 12);

describe('age', () => {
  it('is the current year minus the birth year', () => {
    expect(age(2000, on(2025))).toBe(25);
    expect(age(2000, on(2025, 1, 1))).toBe(25); // month and day do not count
    expect(age(2015, on(2025, 12, 31))).toBe(10);
  });
});

describe('isMinor', () => {
  it('is under 18 by the whole date: the day before the 18th birthday still counts, the birthday itself does not', () => {
    expect(isMinor('2008-06-16', on(2026, 6, 15))).toBe(true);
    expect(isMinor('2008-06-15', on(2026, 6, 15))).toBe(false);
    expect(isMinor('2008-12-31', on(2026, 1, 1))).toBe(true); // age() alone would say 18
    expect(isMinor('2014-03-04', on(2026))).toBe(true);
    expect(isMinor('1999-11-02', on(2026))).toBe(false);
  });

  it('a 29 February birthday reaches 18 on 1 March in a common year', () => {
    expect(isMinor('2008-02-29', on(2026, 2, 28))).toBe(true);
    expect(isMinor('2008-02-29', on(2026, 3, 1))).toBe(false);
  });

  it('an empty, missing or malformed birthday counts as under 18', () => {
    for (const birthday of ['', null, undefined, '2000-13-01', 'soon']) expect(isMinor(birthday, on(2026))).toBe(true);
  });
});

describe('zodiac at every sign boundary', () => {
  // [key, name, first day [month, day], last day [month, day]]
  const signs: Array<[string, string, [number, number], [number, number]]> = [
    ['capricorn', '摩羯座', [12, 22], [1, 19]],
    ['aquarius', '水瓶座', [1, 20], [2, 18]],
    ['pisces', '双鱼座', [2, 19], [3, 20]],
    ['aries', '白羊座', [3, 21], [4, 19]],
    ['taurus', '金牛座', [4, 20], [5, 20]],
    ['gemini', '双子座', [5, 21], [6, 21]],
    ['cancer', '巨蟹座', [6, 22], [7, 22]],
    ['leo', '狮子座', [7, 23], [8, 22]],
    ['virgo', '处女座', [8, 23], [9, 22]],
    ['libra', '天秤座', [9, 23], [10, 23]],
    ['scorpio', '天蝎座', [10, 24], [11, 22]],
    ['sagittarius', '射手座', [11, 23], [12, 21]],
  ];

  for (const [key, name, [m1, d1], [m2, d2]] of signs) {
    it(`${name} runs from ${m1}-${d1} to ${m2}-${d2}`, () => {
      expect(zodiac(m1, d1)).toEqual({ key, name });
      expect(zodiac(m2, d2)).toEqual({ key, name });
    });
  }

  it('the day before each first day belongs to the previous sign', () => {
    signs.forEach(([, , [m, d]], i) => {
      const previous = signs[(i + signs.length - 1) % signs.length]!;
      expect(zodiac(m, d - 1).key).toBe(previous[0]);
    });
  });

  it('wraps capricorn over the new year', () => {
    expect(zodiac(1, 1).key).toBe('capricorn');
    expect(zodiac(12, 31).key).toBe('capricorn');
  });

  it('gives Feb 29 to pisces', () => {
    expect(zodiac(2, 29).key).toBe('pisces');
  });

  it('covers every day of a leap year with exactly the twelve signs', () => {
    const seen = new Set<string>();
    for (let m = 1; m <= 12; m++) for (const d of birthDays(2000, m)) seen.add(zodiac(m, d).key);
    expect(seen.size).toBe(12);
  });
});

describe('isLeapYear / daysInMonth / birthDays', () => {
  it.each([
    [2000, true],
    [1900, false],
    [2004, true],
    [2001, false],
    [2100, false],
    [2400, true],
  ])('%i leap: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(birthDays(year, 2)).toHaveLength(leap ? 29 : 28);
  });

  it('February 29 is selectable in 2000 and 2004 only', () => {
    expect(birthDays(2000, 2).at(-1)).toBe(29);
    expect(birthDays(1900, 2).at(-1)).toBe(28);
    expect(birthDays(2004, 2).at(-1)).toBe(29);
    expect(birthDays(2001, 2).at(-1)).toBe(28);
  });

  it('30-day and 31-day months', () => {
    for (const m of [4, 6, 9, 11]) expect(daysInMonth(2001, m)).toBe(30);
    for (const m of [1, 3, 5, 7, 8, 10, 12]) expect(daysInMonth(2001, m)).toBe(31);
  });

  it('lists the days 1..n in order', () => {
    expect(birthDays(2001, 4)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(birthDays(2001, 1)[0]).toBe(1);
    expect(birthDays(2001, 1)).toHaveLength(31);
  });
});

describe('birthYears', () => {
  it('runs from this year minus 10 down to 1996', () => {
    const years = birthYears(on(2025, 3, 1));
    expect(years[0]).toBe(2015);
    expect(years.at(-1)).toBe(1996);
    expect(years).toHaveLength(20);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('moves with the calendar year (Jan 1 and Dec 31)', () => {
    expect(birthYears(on(2026, 1, 1))[0]).toBe(2016);
    expect(birthYears(on(2025, 12, 31))[0]).toBe(2015);
  });

  it('is just 1996 in 2006 and empty before', () => {
    expect(birthYears(on(2006))).toEqual([1996]);
    expect(birthYears(on(2005))).toEqual([]);
  });
});

describe('level', () => {
  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [199, 2],
    [250, 3],
    [9899, 99],
    [9900, 100],
    [9999, 100],
    [10_000, 100],
    [1e12, 100],
    [Number.MAX_SAFE_INTEGER, 100],
    [-50, 1],
  ])('experience %d is level %d', (experience, expected) => {
    expect(level(experience)).toBe(expected);
  });
});

describe('parseBirthday / formatBirthday / isAllowedBirthday', () => {
  it('round-trips and pads', () => {
    expect(formatBirthday({ year: 2000, month: 2, day: 9 })).toBe('2000-02-09');
    expect(parseBirthday('2000-02-09')).toEqual({ year: 2000, month: 2, day: 9 });
  });

  it('accepts real dates only', () => {
    expect(parseBirthday('2000-02-29')).not.toBeNull();
    expect(parseBirthday('2004-02-29')).not.toBeNull();
    expect(parseBirthday('2001-02-29')).toBeNull();
    expect(parseBirthday('1900-02-29')).toBeNull();
    expect(parseBirthday('2001-04-31')).toBeNull();
    expect(parseBirthday('2001-12-31')).not.toBeNull();
    expect(parseBirthday('2001-13-01')).toBeNull();
    expect(parseBirthday('2001-00-10')).toBeNull();
    expect(parseBirthday('2001-01-00')).toBeNull();
  });

  it.each(['', '2000-1-1', '2000/01/01', ' 2000-01-01', '2000-01-01 ', '20000-01-01', '2000-01-01T00:00', 'abcd-ef-gh'])('rejects the format %j', (text) => {
    expect(parseBirthday(text)).toBeNull();
    expect(isAllowedBirthday(text, on(2025))).toBe(false);
  });

  it('allows years from 1996 to this year minus 10, inclusive', () => {
    const now = on(2025);
    expect(isAllowedBirthday('1996-01-01', now)).toBe(true);
    expect(isAllowedBirthday('1995-12-31', now)).toBe(false);
    expect(isAllowedBirthday('2015-12-31', now)).toBe(true);
    expect(isAllowedBirthday('2016-01-01', now)).toBe(false);
    expect(isAllowedBirthday('2000-02-29', now)).toBe(true);
    expect(isAllowedBirthday('2001-02-29', now)).toBe(false);
  });
});
