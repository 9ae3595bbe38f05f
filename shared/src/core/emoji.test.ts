import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { EMOJI_PACKS } from './constants';
import { EMOJI, emojiByCode, emojiCode, emojiUrl } from './emoji';

describe('EMOJI table', () => {
  it('has one row per number of every pack, 167 in all, in order', () => {
    expect(EMOJI).toHaveLength(167);
    for (const pack of EMOJI_PACKS) {
      const rows = EMOJI.filter((e) => e.pack === pack.code);
      expect(rows.map((e) => e.num)).toEqual(Array.from({ length: pack.last - pack.first + 1 }, (_, i) => pack.first + i));
      for (const e of rows) expect(e.code).toBe(`${pack.code}${e.num}`);
    }
  });

  it('gives every code a short Chinese alt text, unique within the table', () => {
    for (const e of EMOJI) expect(e.alt, e.code).toMatch(/^[\u4e00-\u9fff]{1,5}$/);
    expect(new Set(EMOJI.map((e) => e.alt)).size).toBe(EMOJI.length);
  });

  it('uses every icon once, and every icon exists in @iconify-json/fluent-emoji-flat', () => {
    const require = createRequire(import.meta.url);
    const set = JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as {
      icons: Record<string, { body: string; rotate?: number; hFlip?: boolean; vFlip?: boolean }>;
    };
    expect(new Set(EMOJI.map((e) => e.icon)).size).toBe(EMOJI.length);
    // build/emoji.mjs extracts plain icons only (no aliases, no transforms).
    const missing = EMOJI.filter((e) => !set.icons[e.icon]?.body).map((e) => `${e.code}:${e.icon}`);
    expect(missing).toEqual([]);
    const transformed = EMOJI.filter((e) => {
      const icon = set.icons[e.icon];
      return icon && (icon.rotate || icon.hFlip || icon.vFlip);
    });
    expect(transformed).toEqual([]);
  });
});

describe('emojiByCode', () => {
  it.each([
    ['b1', 'b', 1],
    ['b54', 'b', 54],
    ['m55', 'm', 55],
    ['m92', 'm', 92],
    ['s93', 's', 93],
    ['s122', 's', 122],
    ['f123', 'f', 123],
    ['f143', 'f', 143],
    ['k144', 'k', 144],
    ['k167', 'k', 167],
    ['[m60]', 'm', 60],
  ])('finds %s', (code, pack, num) => {
    expect(emojiByCode(code)).toMatchObject({ pack, num });
  });

  it.each(['b0', 'b55', 'm54', 'm93', 's92', 'f122', 'f144', 'k143', 'k168', 'b60', 'x12', 'B12', 'b012', '', '[b12', 'b12]'])('has nothing for %j', (code) => {
    expect(emojiByCode(code)).toBeUndefined();
  });
});

describe('emojiUrl and emojiCode', () => {
  it('builds the picture URL and the written code', () => {
    expect(emojiUrl('b12')).toBe('/assets/emoji/b12.svg');
    expect(emojiUrl('[k167]')).toBe('/assets/emoji/k167.svg');
    expect(emojiCode('b', 12)).toBe('[b12]');
    expect(emojiCode('k', 167)).toBe('[k167]');
  });
});
