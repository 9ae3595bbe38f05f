import { describe, expect, it } from 'vitest';
import { SKIN_PALETTES } from '@xiaoba/shared/core';
import { skinColors } from './skins';

describe('export skin colours', () => {
  it("are the palettes the browser's themes use, for every skin", () => {
    expect(skinColors('moon').page).toBe('#10162e');
    expect(skinColors('pinkcat')).toBe(SKIN_PALETTES.pinkcat.colors);
  });

  it('fall back to the default skin for an unknown name', () => {
    expect(skinColors('nope')).toBe(SKIN_PALETTES[''].colors);
  });
});
