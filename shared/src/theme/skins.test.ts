import { describe, expect, it } from 'vitest';
import { SKINS } from '../core/constants';
import { contrastRatio } from './contrast';
import { themeFor, themes } from './skins';

describe('skins', () => {
  it('has a theme for the default and each of the six skins', () => {
    expect(Object.keys(themes).sort()).toEqual(SKINS.map((s) => s.id).sort());
    expect(themeFor('no-such-skin').id).toBe('');
  });

  const pairs = [
    ['text', 'panel'],
    ['muted', 'panel'],
    ['link', 'panel'],
    ['pageText', 'page'],
    ['headerText', 'header'],
    // Header navigation (shell/src/header/Header.tsx): a hovered control, and the current page's
    // link drawn as a pill in the header's text colour with the header colour as its text.
    ['headerText', 'headerHover'],
    ['header', 'headerText'],
    ['onPrimary', 'primary'],
    ['danger', 'panel'],
  ] as const;

  for (const { id, name } of SKINS) {
    it(`${name} meets WCAG AA (4.5:1) for every text colour`, () => {
      const c = themes[id].colors;
      for (const [fg, bg] of pairs) {
        expect(contrastRatio(c[fg], c[bg]), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
