/**
 * The preset faces (头像) a user picks from: our own art, drawn inline with a few SVG shapes, so
 * showing one costs no request. Code 0 is the default (the letter circle of `Avatar`); codes
 * 1..FACE_COUNT-1 are the drawings below.
 */
import type { ReactElement } from 'react';

export interface PresetFace {
  code: number;
  /** Chinese name, read out in the picker. */
  name: string;
  background: string;
  /** The drawing, in a 100 × 100 view box; null for code 0 (the letter circle). */
  art: ReactElement | null;
}

const INK = '#2b2b2b';

/** Two dot eyes, a smile and pink cheeks: what every drawn face shares. */
function Features({ eyeY = 50, cheeks = '#ff9aa8', smileY = 64 }: { eyeY?: number; cheeks?: string; smileY?: number }) {
  return (
    <>
      <circle cx="38" cy={eyeY} r="5" fill={INK} />
      <circle cx="62" cy={eyeY} r="5" fill={INK} />
      <circle cx="39.5" cy={eyeY - 1.5} r="1.6" fill="#ffffff" />
      <circle cx="63.5" cy={eyeY - 1.5} r="1.6" fill="#ffffff" />
      <ellipse cx="28" cy={eyeY + 10} rx="6" ry="3.5" fill={cheeks} opacity="0.8" />
      <ellipse cx="72" cy={eyeY + 10} rx="6" ry="3.5" fill={cheeks} opacity="0.8" />
      <path d={`M42 ${smileY} Q50 ${smileY + 8} 58 ${smileY}`} stroke={INK} strokeWidth="3" fill="none" strokeLinecap="round" />
    </>
  );
}

const bear = (
  <>
    <circle cx="24" cy="26" r="13" fill="#a0673a" />
    <circle cx="76" cy="26" r="13" fill="#a0673a" />
    <circle cx="24" cy="26" r="6" fill="#e8b98c" />
    <circle cx="76" cy="26" r="6" fill="#e8b98c" />
    <circle cx="50" cy="56" r="34" fill="#a0673a" />
    <ellipse cx="50" cy="66" rx="14" ry="10" fill="#e8b98c" />
    <ellipse cx="50" cy="61" rx="5" ry="3.5" fill={INK} />
    <circle cx="38" cy="50" r="5" fill={INK} />
    <circle cx="62" cy="50" r="5" fill={INK} />
    <path d="M45 70 Q50 74 55 70" stroke={INK} strokeWidth="2.5" fill="none" strokeLinecap="round" />
  </>
);

const cat = (
  <>
    <path d="M20 44 L24 12 L44 28 Z" fill="#f4a340" />
    <path d="M80 44 L76 12 L56 28 Z" fill="#f4a340" />
    <circle cx="50" cy="56" r="33" fill="#f4a340" />
    <path d="M50 24 L46 36 M56 25 L53 35 M44 25 L40 34" stroke="#c46d12" strokeWidth="3" strokeLinecap="round" />
    <Features />
    <path d="M50 58 L47 55 L53 55 Z" fill="#e05a74" />
    <path d="M20 60 L8 58 M20 65 L8 68 M80 60 L92 58 M80 65 L92 68" stroke={INK} strokeWidth="1.8" strokeLinecap="round" />
  </>
);

const rabbit = (
  <>
    <ellipse cx="36" cy="20" rx="8" ry="20" fill="#ffffff" />
    <ellipse cx="64" cy="20" rx="8" ry="20" fill="#ffffff" />
    <ellipse cx="36" cy="20" rx="4" ry="14" fill="#ffb3c1" />
    <ellipse cx="64" cy="20" rx="4" ry="14" fill="#ffb3c1" />
    <circle cx="50" cy="60" r="30" fill="#ffffff" />
    <Features eyeY={56} smileY={70} />
    <ellipse cx="50" cy="64" rx="3.5" ry="2.5" fill="#e05a74" />
  </>
);

const dog = (
  <>
    <circle cx="50" cy="54" r="32" fill="#f2d4a0" />
    <ellipse cx="20" cy="50" rx="10" ry="22" fill="#8a5a33" transform="rotate(15 20 50)" />
    <ellipse cx="80" cy="50" rx="10" ry="22" fill="#8a5a33" transform="rotate(-15 80 50)" />
    <ellipse cx="62" cy="48" rx="10" ry="9" fill="#8a5a33" opacity="0.6" />
    <Features />
    <ellipse cx="50" cy="60" rx="6" ry="4" fill={INK} />
    <path d="M50 72 Q54 80 58 72 Z" fill="#e05a74" />
  </>
);

const panda = (
  <>
    <circle cx="24" cy="26" r="12" fill={INK} />
    <circle cx="76" cy="26" r="12" fill={INK} />
    <circle cx="50" cy="56" r="33" fill="#ffffff" />
    <ellipse cx="37" cy="51" rx="9" ry="11" fill={INK} transform="rotate(25 37 51)" />
    <ellipse cx="63" cy="51" rx="9" ry="11" fill={INK} transform="rotate(-25 63 51)" />
    <circle cx="38" cy="50" r="3.5" fill="#ffffff" />
    <circle cx="62" cy="50" r="3.5" fill="#ffffff" />
    <ellipse cx="50" cy="63" rx="5" ry="3.5" fill={INK} />
    <path d="M44 70 Q50 75 56 70" stroke={INK} strokeWidth="2.5" fill="none" strokeLinecap="round" />
  </>
);

const pig = (
  <>
    <path d="M20 34 L22 14 L38 26 Z" fill="#f6a5b8" />
    <path d="M80 34 L78 14 L62 26 Z" fill="#f6a5b8" />
    <circle cx="50" cy="55" r="33" fill="#ffc2d1" />
    <Features eyeY={46} cheeks="#f47f9c" smileY={76} />
    <ellipse cx="50" cy="63" rx="13" ry="9" fill="#f6a5b8" />
    <ellipse cx="45" cy="63" rx="2.5" ry="3.5" fill="#b04a68" />
    <ellipse cx="55" cy="63" rx="2.5" ry="3.5" fill="#b04a68" />
  </>
);

const frog = (
  <>
    <circle cx="32" cy="30" r="13" fill="#5cb85c" />
    <circle cx="68" cy="30" r="13" fill="#5cb85c" />
    <ellipse cx="50" cy="60" rx="38" ry="28" fill="#5cb85c" />
    <circle cx="32" cy="29" r="8" fill="#ffffff" />
    <circle cx="68" cy="29" r="8" fill="#ffffff" />
    <circle cx="33" cy="30" r="4.5" fill={INK} />
    <circle cx="67" cy="30" r="4.5" fill={INK} />
    <ellipse cx="26" cy="62" rx="6" ry="3.5" fill="#ff9aa8" opacity="0.8" />
    <ellipse cx="74" cy="62" rx="6" ry="3.5" fill="#ff9aa8" opacity="0.8" />
    <path d="M30 66 Q50 82 70 66" stroke="#1f5f1f" strokeWidth="3" fill="none" strokeLinecap="round" />
  </>
);

const tiger = (
  <>
    <circle cx="24" cy="28" r="11" fill="#f08a24" />
    <circle cx="76" cy="28" r="11" fill="#f08a24" />
    <circle cx="50" cy="56" r="33" fill="#f08a24" />
    <path d="M50 24 V34 M42 26 L44 34 M58 26 L56 34" stroke={INK} strokeWidth="3" strokeLinecap="round" />
    <path d="M18 52 H28 M18 60 H27 M82 52 H72 M82 60 H73" stroke={INK} strokeWidth="3" strokeLinecap="round" />
    <ellipse cx="50" cy="68" rx="15" ry="11" fill="#fff4e0" />
    <Features />
    <path d="M50 61 L46 57 L54 57 Z" fill={INK} />
  </>
);

const fox = (
  <>
    <path d="M18 46 L20 10 L46 30 Z" fill="#e8692a" />
    <path d="M82 46 L80 10 L54 30 Z" fill="#e8692a" />
    <path d="M18 40 Q50 20 82 40 Q80 78 50 90 Q20 78 18 40 Z" fill="#e8692a" />
    <path d="M22 56 Q36 62 50 90 Q64 62 78 56 Q70 80 50 90 Q30 80 22 56 Z" fill="#fff4e0" />
    <circle cx="38" cy="50" r="5" fill={INK} />
    <circle cx="62" cy="50" r="5" fill={INK} />
    <ellipse cx="50" cy="76" rx="5" ry="3.5" fill={INK} />
  </>
);

const boy = (
  <>
    <circle cx="50" cy="56" r="32" fill="#ffd7b0" />
    <path d="M17 50 Q18 18 50 16 Q82 18 83 50 Q76 34 60 32 Q48 40 30 36 Q22 40 17 50 Z" fill="#3b2a1e" />
    <circle cx="18" cy="58" r="6" fill="#ffd7b0" />
    <circle cx="82" cy="58" r="6" fill="#ffd7b0" />
    <Features eyeY={54} smileY={70} />
  </>
);

const girl = (
  <>
    <circle cx="16" cy="42" r="11" fill="#4a2b1a" />
    <circle cx="84" cy="42" r="11" fill="#4a2b1a" />
    <circle cx="16" cy="42" r="4" fill="#ff6f91" />
    <circle cx="84" cy="42" r="4" fill="#ff6f91" />
    <circle cx="50" cy="57" r="31" fill="#ffd7b0" />
    <path d="M19 54 Q18 20 50 18 Q82 20 81 54 Q72 38 50 34 Q28 38 19 54 Z" fill="#4a2b1a" />
    <Features eyeY={56} smileY={72} />
  </>
);

/** All FACE_COUNT faces, by code (Avatar.test.tsx checks the count). */
export const PRESET_FACES: readonly PresetFace[] = [
  { code: 0, name: '默认头像', background: '#1f6fb2', art: null },
  { code: 1, name: '小熊', background: '#ffe9a8', art: bear },
  { code: 2, name: '小猫', background: '#cde8ff', art: cat },
  { code: 3, name: '小兔', background: '#d9c8f5', art: rabbit },
  { code: 4, name: '小狗', background: '#bfe6c8', art: dog },
  { code: 5, name: '熊猫', background: '#b8e0d2', art: panda },
  { code: 6, name: '小猪', background: '#fff1c1', art: pig },
  { code: 7, name: '青蛙', background: '#ffe0b8', art: frog },
  { code: 8, name: '老虎', background: '#c9ddff', art: tiger },
  { code: 9, name: '狐狸', background: '#d6f0c2', art: fox },
  { code: 10, name: '男孩', background: '#a8d8ff', art: boy },
  { code: 11, name: '女孩', background: '#ffd1e0', art: girl },
];

/** The drawn face of a code, or null for 0 and anything out of range (shown as the letter circle). */
export function presetFace(code: number): PresetFace | null {
  const face = Number.isInteger(code) && code > 0 ? PRESET_FACES[code] : undefined;
  return face?.art ? face : null;
}

/** A preset face as an SVG filling its box. Decorative: the container names the picture. */
export function FaceArt({ face }: { face: PresetFace }) {
  return (
    <svg viewBox="0 0 100 100" width="100%" height="100%" aria-hidden="true" focusable="false" data-face={face.code}>
      <rect width="100" height="100" fill={face.background} />
      {face.art}
    </svg>
  );
}
