/**
 * The colours of each skin for the export's static index.html: the same palettes the browser's
 * themes use (`SKIN_PALETTES` in shared's core, which the server bundles).
 */
import { SKIN_PALETTES, SKINS, type SkinColors, type SkinId } from '@xiaoba/shared/core';

export type { SkinColors };

/** The colours of a skin; an unknown one gets the first skin's (the default theme). */
export function skinColors(skin: string): SkinColors {
  return (SKIN_PALETTES[skin as SkinId] ?? SKIN_PALETTES[SKINS[0].id]).colors;
}
