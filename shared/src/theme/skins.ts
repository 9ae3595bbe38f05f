/**
 * One theme object per skin (spec section 3: default + six). The original art belongs to the
 * original site, so every skin's scenery is our own: CSS gradients and small inline SVG patterns.
 * Colour pairs are checked for WCAG AA contrast in skins.test.ts.
 */
import { SKINS, type SkinId } from '../core/constants';

export interface Theme {
  id: SkinId;
  name: string;
  dark: boolean;
  colors: {
    /** Page text on the page background. */
    page: string;
    pageText: string;
    /** Cards, forms, panels. */
    panel: string;
    text: string;
    muted: string;
    border: string;
    link: string;
    header: string;
    headerText: string;
    /** Behind headerText on a hovered header control: a shade of `header` that keeps AA. */
    headerHover: string;
    primary: string;
    onPrimary: string;
    danger: string;
    focus: string;
  };
  /** Full CSS `background` of the page: colour, gradient and a pattern. */
  pageBackground: string;
  headerBackground: string;
}

const svg = (body: string, size = 120) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 ${size} ${size}'>${body}</svg>`,
  )}")`;

const patterns: Record<SkinId, string> = {
  '': svg("<circle cx='20' cy='22' r='10' fill='#ffffff' fill-opacity='.55'/><circle cx='32' cy='18' r='13' fill='#ffffff' fill-opacity='.55'/><circle cx='46' cy='24' r='9' fill='#ffffff' fill-opacity='.55'/>", 120),
  goldchild: svg("<circle cx='40' cy='40' r='6' fill='#ffd54f' fill-opacity='.6'/><path d='M40 22v8M40 50v8M22 40h8M50 40h8' stroke='#ffb300' stroke-opacity='.45' stroke-width='3' stroke-linecap='round'/>"),
  pinkcat: svg("<path d='M24 30l4-10 6 7h12l6-7 4 10a14 12 0 1 1-32 0z' fill='#ffffff' fill-opacity='.5'/><circle cx='34' cy='33' r='2' fill='#d81b60' fill-opacity='.35'/><circle cx='46' cy='33' r='2' fill='#d81b60' fill-opacity='.35'/>"),
  moon: svg("<circle cx='12' cy='14' r='1.4' fill='#ffffff' fill-opacity='.7'/><circle cx='58' cy='36' r='1' fill='#ffffff' fill-opacity='.6'/><circle cx='30' cy='64' r='1.2' fill='#ffffff' fill-opacity='.5'/><path d='M70 8a10 10 0 1 0 6 18 8 8 0 1 1-6-18z' fill='#fff6c8' fill-opacity='.35'/>"),
  town: svg("<path d='M14 60V42l12-10 12 10v18z' fill='#ffffff' fill-opacity='.5'/><path d='M44 60V36l10-8 10 8v24z' fill='#ffffff' fill-opacity='.4'/>"),
  dodo: svg("<ellipse cx='40' cy='44' rx='16' ry='13' fill='#ffffff' fill-opacity='.35'/><circle cx='34' cy='40' r='2.2' fill='#7a2e12' fill-opacity='.35'/><circle cx='46' cy='40' r='2.2' fill='#7a2e12' fill-opacity='.35'/><ellipse cx='40' cy='48' rx='5' ry='3' fill='#e57373' fill-opacity='.35'/>"),
  rain: svg("<path d='M16 8l-4 12M44 30l-4 12M70 4l-4 12M28 52l-4 12M62 56l-4 12' stroke='#ffffff' stroke-opacity='.6' stroke-width='2' stroke-linecap='round'/>"),
};

type Palette = Omit<Theme, 'id' | 'name' | 'pageBackground' | 'headerBackground'> & { gradient: [string, string] };

const palettes: Record<SkinId, Palette> = {
  '': {
    dark: false,
    gradient: ['#bfe3fb', '#eaf6ff'],
    colors: { page: '#e6f3fc', pageText: '#12324a', panel: '#ffffff', text: '#1d2731', muted: '#55636f', border: '#c7d7e3', link: '#135f99', header: '#1f6fb2', headerText: '#ffffff', headerHover: '#175386', primary: '#1f6fb2', onPrimary: '#ffffff', danger: '#b3261e', focus: '#ff9800' },
  },
  goldchild: {
    dark: false,
    gradient: ['#ffe08a', '#fff7df'],
    colors: { page: '#fff3cf', pageText: '#4a3300', panel: '#fffdf6', text: '#2e2410', muted: '#6b5a33', border: '#ead9a6', link: '#85510b', header: '#8a5a00', headerText: '#ffffff', headerHover: '#684400', primary: '#8a5a00', onPrimary: '#ffffff', danger: '#b3261e', focus: '#1565c0' },
  },
  pinkcat: {
    dark: false,
    gradient: ['#ffc4dc', '#fff0f6'],
    colors: { page: '#ffe4ef', pageText: '#5a1733', panel: '#ffffff', text: '#2f1c25', muted: '#6e4f5d', border: '#f3c4d7', link: '#a8225f', header: '#b0306a', headerText: '#ffffff', headerHover: '#842450', primary: '#b0306a', onPrimary: '#ffffff', danger: '#b3261e', focus: '#6a1b9a' },
  },
  moon: {
    dark: true,
    gradient: ['#0b1024', '#26305a'],
    colors: { page: '#10162e', pageText: '#e9edf8', panel: '#1b2340', text: '#e9edf8', muted: '#aab4d0', border: '#3a4670', link: '#9fb7ff', header: '#0c1126', headerText: '#f4f6fc', headerHover: '#2a3566', primary: '#9fb7ff', onPrimary: '#0b1024', danger: '#ff8a80', focus: '#ffd54f' },
  },
  town: {
    dark: false,
    gradient: ['#bfe8b0', '#f0fbea'],
    colors: { page: '#e6f6de', pageText: '#1f3d16', panel: '#ffffff', text: '#1f2a1b', muted: '#53624d', border: '#c5ddb9', link: '#2b6a2f', header: '#2e7d32', headerText: '#ffffff', headerHover: '#235e26', primary: '#2e7d32', onPrimary: '#ffffff', danger: '#b3261e', focus: '#e65100' },
  },
  dodo: {
    dark: false,
    gradient: ['#f6c7a6', '#fff1e6'],
    colors: { page: '#fbe3d2', pageText: '#4b1d0b', panel: '#fffaf6', text: '#2c1a12', muted: '#6d4e40', border: '#ecc7b0', link: '#9a3412', header: '#a0361f', headerText: '#ffffff', headerHover: '#782917', primary: '#a0361f', onPrimary: '#ffffff', danger: '#b3261e', focus: '#1565c0' },
  },
  rain: {
    dark: false,
    gradient: ['#9fb6c9', '#e4ecf3'],
    colors: { page: '#dfe8f0', pageText: '#1c2f3f', panel: '#ffffff', text: '#1e2833', muted: '#4f5f6e', border: '#bccbd8', link: '#2f5879', header: '#3c5a73', headerText: '#ffffff', headerHover: '#2d4456', primary: '#3c5a73', onPrimary: '#ffffff', danger: '#b3261e', focus: '#ff9800' },
  },
};

export const themes: Record<SkinId, Theme> = Object.fromEntries(
  SKINS.map(({ id, name }) => {
    const { gradient, ...palette } = palettes[id];
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

export function themeFor(skin: SkinId | string | null | undefined): Theme {
  return themes[(skin ?? '') as SkinId] ?? themes[''];
}
