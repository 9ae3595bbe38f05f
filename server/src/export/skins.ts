/**
 * The colours of each skin for the export's static index.html: the palettes of
 * shared/src/theme/skins.ts (the browser's themes), copied because the server bundles only shared's
 * core. skins.test.ts checks that every value here is still the one shared defines.
 */
import { SKINS, type SkinId } from '@xiaoba/shared/core';

export interface SkinColors {
  page: string;
  pageText: string;
  panel: string;
  text: string;
  muted: string;
  border: string;
  link: string;
  header: string;
  headerText: string;
  primary: string;
  onPrimary: string;
}

export const SKIN_COLORS: Record<SkinId, SkinColors> = {
  '': { page: '#e6f3fc', pageText: '#12324a', panel: '#ffffff', text: '#1d2731', muted: '#55636f', border: '#c7d7e3', link: '#135f99', header: '#1f6fb2', headerText: '#ffffff', primary: '#1f6fb2', onPrimary: '#ffffff' },
  goldchild: { page: '#fff3cf', pageText: '#4a3300', panel: '#fffdf6', text: '#2e2410', muted: '#6b5a33', border: '#ead9a6', link: '#85510b', header: '#8a5a00', headerText: '#ffffff', primary: '#8a5a00', onPrimary: '#ffffff' },
  pinkcat: { page: '#ffe4ef', pageText: '#5a1733', panel: '#ffffff', text: '#2f1c25', muted: '#6e4f5d', border: '#f3c4d7', link: '#a8225f', header: '#b0306a', headerText: '#ffffff', primary: '#b0306a', onPrimary: '#ffffff' },
  moon: { page: '#10162e', pageText: '#e9edf8', panel: '#1b2340', text: '#e9edf8', muted: '#aab4d0', border: '#3a4670', link: '#9fb7ff', header: '#0c1126', headerText: '#f4f6fc', primary: '#9fb7ff', onPrimary: '#0b1024' },
  town: { page: '#e6f6de', pageText: '#1f3d16', panel: '#ffffff', text: '#1f2a1b', muted: '#53624d', border: '#c5ddb9', link: '#2b6a2f', header: '#2e7d32', headerText: '#ffffff', primary: '#2e7d32', onPrimary: '#ffffff' },
  dodo: { page: '#fbe3d2', pageText: '#4b1d0b', panel: '#fffaf6', text: '#2c1a12', muted: '#6d4e40', border: '#ecc7b0', link: '#9a3412', header: '#a0361f', headerText: '#ffffff', primary: '#a0361f', onPrimary: '#ffffff' },
  rain: { page: '#dfe8f0', pageText: '#1c2f3f', panel: '#ffffff', text: '#1e2833', muted: '#4f5f6e', border: '#bccbd8', link: '#2f5879', header: '#3c5a73', headerText: '#ffffff', primary: '#3c5a73', onPrimary: '#ffffff' },
};

/** The colours of a skin; an unknown one gets the first skin's (the default theme). */
export function skinColors(skin: string): SkinColors {
  return SKIN_COLORS[skin as SkinId] ?? SKIN_COLORS[SKINS[0].id];
}
