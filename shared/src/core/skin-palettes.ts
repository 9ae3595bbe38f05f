/**
 * The colours of every skin (default + six), as data: the browser's themes
 * (shared/src/theme/skins.ts) add their scenery to them, and the server's offline export page
 * (server/src/features/export) uses the same values. WCAG AA contrast of the pairs:
 * theme/skins.test.ts.
 */
import type { SkinId } from './constants';

export interface SkinColors {
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
}

export interface SkinPalette {
  dark: boolean;
  /** The page background's gradient, top to bottom. */
  gradient: [string, string];
  colors: SkinColors;
}

export const SKIN_PALETTES: Record<SkinId, SkinPalette> = {
  '': {
    dark: false,
    gradient: ['#bfe3fb', '#eaf6ff'],
    colors: {
      page: '#e6f3fc',
      pageText: '#12324a',
      panel: '#ffffff',
      text: '#1d2731',
      muted: '#55636f',
      border: '#c7d7e3',
      link: '#135f99',
      header: '#1f6fb2',
      headerText: '#ffffff',
      headerHover: '#175386',
      primary: '#1f6fb2',
      onPrimary: '#ffffff',
      danger: '#b3261e',
      focus: '#ff9800',
    },
  },
  goldchild: {
    dark: false,
    gradient: ['#ffe08a', '#fff7df'],
    colors: {
      page: '#fff3cf',
      pageText: '#4a3300',
      panel: '#fffdf6',
      text: '#2e2410',
      muted: '#6b5a33',
      border: '#ead9a6',
      link: '#85510b',
      header: '#8a5a00',
      headerText: '#ffffff',
      headerHover: '#684400',
      primary: '#8a5a00',
      onPrimary: '#ffffff',
      danger: '#b3261e',
      focus: '#1565c0',
    },
  },
  pinkcat: {
    dark: false,
    gradient: ['#ffc4dc', '#fff0f6'],
    colors: {
      page: '#ffe4ef',
      pageText: '#5a1733',
      panel: '#ffffff',
      text: '#2f1c25',
      muted: '#6e4f5d',
      border: '#f3c4d7',
      link: '#a8225f',
      header: '#b0306a',
      headerText: '#ffffff',
      headerHover: '#842450',
      primary: '#b0306a',
      onPrimary: '#ffffff',
      danger: '#b3261e',
      focus: '#6a1b9a',
    },
  },
  moon: {
    dark: true,
    gradient: ['#0b1024', '#26305a'],
    colors: {
      page: '#10162e',
      pageText: '#e9edf8',
      panel: '#1b2340',
      text: '#e9edf8',
      muted: '#aab4d0',
      border: '#3a4670',
      link: '#9fb7ff',
      header: '#0c1126',
      headerText: '#f4f6fc',
      headerHover: '#2a3566',
      primary: '#9fb7ff',
      onPrimary: '#0b1024',
      danger: '#ff8a80',
      focus: '#ffd54f',
    },
  },
  town: {
    dark: false,
    gradient: ['#bfe8b0', '#f0fbea'],
    colors: {
      page: '#e6f6de',
      pageText: '#1f3d16',
      panel: '#ffffff',
      text: '#1f2a1b',
      muted: '#53624d',
      border: '#c5ddb9',
      link: '#2b6a2f',
      header: '#2e7d32',
      headerText: '#ffffff',
      headerHover: '#235e26',
      primary: '#2e7d32',
      onPrimary: '#ffffff',
      danger: '#b3261e',
      focus: '#e65100',
    },
  },
  dodo: {
    dark: false,
    gradient: ['#f6c7a6', '#fff1e6'],
    colors: {
      page: '#fbe3d2',
      pageText: '#4b1d0b',
      panel: '#fffaf6',
      text: '#2c1a12',
      muted: '#6d4e40',
      border: '#ecc7b0',
      link: '#9a3412',
      header: '#a0361f',
      headerText: '#ffffff',
      headerHover: '#782917',
      primary: '#a0361f',
      onPrimary: '#ffffff',
      danger: '#b3261e',
      focus: '#1565c0',
    },
  },
  rain: {
    dark: false,
    gradient: ['#9fb6c9', '#e4ecf3'],
    colors: {
      page: '#dfe8f0',
      pageText: '#1c2f3f',
      panel: '#ffffff',
      text: '#1e2833',
      muted: '#4f5f6e',
      border: '#bccbd8',
      link: '#2f5879',
      header: '#3c5a73',
      headerText: '#ffffff',
      headerHover: '#2d4456',
      primary: '#3c5a73',
      onPrimary: '#ffffff',
      danger: '#b3261e',
      focus: '#ff9800',
    },
  },
};
