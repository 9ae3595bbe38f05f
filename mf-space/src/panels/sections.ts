/**
 * The sections of a space, linked from its side panel: `base` is the space's own path (/my for the
 * own space, /{uid} for another's). Each section is a child path of it; 空间 is the base alone.
 */
export interface SpaceSection {
  label: string;
  to: string;
  /** Current on its own path only; otherwise also on the paths below it (an entry of the diary). */
  end: boolean;
}

export function spaceSections(base: string): SpaceSection[] {
  return [
    { label: '空间', to: base, end: true },
    { label: '日志', to: `${base}/diary`, end: false },
    { label: '相册', to: `${base}/photo`, end: false },
    { label: '勋章', to: `${base}/medal`, end: false },
  ];
}

export const boardPath = (base: string) => `${base}/board`;
