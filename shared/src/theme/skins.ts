/**
 * One theme object per skin (default + six). The original art belongs to the
 * original site, so every skin's scenery is our own: CSS gradients and small inline SVG patterns.
 * Colour pairs are checked for WCAG AA contrast in skins.test.ts.
 */
import { SKINS, type SkinId } from '../core/constants';
import { SKIN_PALETTES, type SkinColors } from '../core/skin-palettes';

export interface Theme {
  id: SkinId;
  name: string;
  dark: boolean;
  colors: SkinColors;
  /** Full CSS `background` of the page: colour, gradient and a pattern. */
  pageBackground: string;
  headerBackground: string;
}

const svg = (body: string, size = 120) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 ${size} ${size}'>${body}</svg>`,
  )}")`;

const patterns: Record<SkinId, string> = {
  '': svg(
    "<circle cx='20' cy='22' r='10' fill='#ffffff' fill-opacity='.55'/><circle cx='32' cy='18' r='13' fill='#ffffff' fill-opacity='.55'/><circle cx='46' cy='24' r='9' fill='#ffffff' fill-opacity='.55'/>",
    120,
  ),
  goldchild: svg(
    "<circle cx='40' cy='40' r='6' fill='#ffd54f' fill-opacity='.6'/><path d='M40 22v8M40 50v8M22 40h8M50 40h8' stroke='#ffb300' stroke-opacity='.45' stroke-width='3' stroke-linecap='round'/>",
  ),
  pinkcat: svg(
    "<path d='M24 30l4-10 6 7h12l6-7 4 10a14 12 0 1 1-32 0z' fill='#ffffff' fill-opacity='.5'/><circle cx='34' cy='33' r='2' fill='#d81b60' fill-opacity='.35'/><circle cx='46' cy='33' r='2' fill='#d81b60' fill-opacity='.35'/>",
  ),
  moon: svg(
    "<circle cx='12' cy='14' r='1.4' fill='#ffffff' fill-opacity='.7'/><circle cx='58' cy='36' r='1' fill='#ffffff' fill-opacity='.6'/><circle cx='30' cy='64' r='1.2' fill='#ffffff' fill-opacity='.5'/><path d='M70 8a10 10 0 1 0 6 18 8 8 0 1 1-6-18z' fill='#fff6c8' fill-opacity='.35'/>",
  ),
  town: svg("<path d='M14 60V42l12-10 12 10v18z' fill='#ffffff' fill-opacity='.5'/><path d='M44 60V36l10-8 10 8v24z' fill='#ffffff' fill-opacity='.4'/>"),
  dodo: svg(
    "<ellipse cx='40' cy='44' rx='16' ry='13' fill='#ffffff' fill-opacity='.35'/><circle cx='34' cy='40' r='2.2' fill='#7a2e12' fill-opacity='.35'/><circle cx='46' cy='40' r='2.2' fill='#7a2e12' fill-opacity='.35'/><ellipse cx='40' cy='48' rx='5' ry='3' fill='#e57373' fill-opacity='.35'/>",
  ),
  rain: svg(
    "<path d='M16 8l-4 12M44 30l-4 12M70 4l-4 12M28 52l-4 12M62 56l-4 12' stroke='#ffffff' stroke-opacity='.6' stroke-width='2' stroke-linecap='round'/>",
  ),
};

export const themes: Record<SkinId, Theme> = Object.fromEntries(
  SKINS.map(({ id, name }) => {
    const { gradient, ...palette } = SKIN_PALETTES[id];
    return [
      id,
      {
        id,
        name,
        ...palette,
        pageBackground: `${patterns[id]}, linear-gradient(180deg, ${gradient[0]} 0%, ${gradient[1]} 420px, ${palette.colors.page} 100%)`,
        headerBackground: palette.colors.header,
      } satisfies Theme,
    ];
  }),
) as Record<SkinId, Theme>;

/** Any stored skin name: an unknown or missing one gets the default skin. */
export function themeFor(skin: string | null | undefined): Theme {
  return themes[(skin ?? '') as SkinId] ?? themes[''];
}
