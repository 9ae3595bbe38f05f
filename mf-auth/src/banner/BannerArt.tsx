/**
 * Our own banner art: three small SVG scenes drawn for this fan edition (the original site's art
 * belongs to the original site). Inline, so they cost no request on a slow connection. The
 * colours are the illustration's own, not UI colours.
 */
import type { ReactElement } from 'react';

const frame = (label: string, body: ReactElement) => (
  <svg role="img" aria-label={label} viewBox="0 0 480 270" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg" width="100%" height="100%">
    <title>{label}</title>
    {body}
  </svg>
);

/** A yellow school bus on a country road under a morning sun. */
function BusMorning() {
  return frame(
    '晨光里，黄色的校巴沿着小路出发',
    <>
      <defs>
        <linearGradient id="xb-sky1" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7cc8f8" />
          <stop offset="1" stopColor="#e3f5ff" />
        </linearGradient>
      </defs>
      <rect width="480" height="270" fill="url(#xb-sky1)" />
      <circle cx="398" cy="62" r="30" fill="#ffd54f" />
      <g fill="#fff" opacity=".9">
        <ellipse cx="90" cy="56" rx="38" ry="14" />
        <ellipse cx="118" cy="48" rx="26" ry="14" />
        <ellipse cx="262" cy="84" rx="32" ry="11" />
      </g>
      <path d="M0 190 Q120 130 240 180 T480 170 V270 H0z" fill="#8bd36b" />
      <path d="M0 215 Q160 175 300 205 T480 200 V270 H0z" fill="#5cb85c" />
      <path d="M0 250 L480 226 V270 H0z" fill="#8d8d99" />
      <path d="M40 252 L90 249 M170 246 L220 243 M300 239 L350 236" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <g transform="translate(150 168)">
        <rect x="0" y="0" width="150" height="62" rx="12" fill="#ffb300" />
        <rect x="0" y="40" width="150" height="8" fill="#e65100" />
        {[12, 42, 72, 102].map((x) => (
          <rect key={x} x={x} y="10" width="24" height="20" rx="4" fill="#e1f5fe" />
        ))}
        <rect x="128" y="10" width="16" height="28" rx="3" fill="#b3e5fc" />
        <circle cx="34" cy="64" r="13" fill="#37474f" />
        <circle cx="34" cy="64" r="5" fill="#cfd8dc" />
        <circle cx="118" cy="64" r="13" fill="#37474f" />
        <circle cx="118" cy="64" r="5" fill="#cfd8dc" />
        <circle cx="148" cy="48" r="4" fill="#fff59d" />
      </g>
      <g fill="#e53935">
        <circle cx="60" cy="200" r="5" />
        <circle cx="420" cy="196" r="5" />
        <circle cx="445" cy="206" r="4" fill="#fdd835" />
      </g>
    </>,
  );
}

/** Two friends on a hill under the moon, a shooting star above. */
function StarryHill() {
  return frame(
    '星空下，两个小伙伴坐在山坡上看流星',
    <>
      <defs>
        <linearGradient id="xb-sky2" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1a237e" />
          <stop offset="1" stopColor="#5c6bc0" />
        </linearGradient>
      </defs>
      <rect width="480" height="270" fill="url(#xb-sky2)" />
      <path d="M392 40a26 26 0 1 0 22 40 21 21 0 1 1-22-40z" fill="#fff8c4" />
      <g fill="#fff">
        {[
          [40, 30],
          [110, 70],
          [180, 24],
          [250, 58],
          [320, 20],
          [440, 110],
          [70, 120],
          [300, 104],
          [210, 130],
        ].map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="2" />
        ))}
      </g>
      <path d="M120 40 L200 80" stroke="#fffde7" strokeWidth="3" strokeLinecap="round" opacity=".85" />
      <circle cx="200" cy="80" r="4" fill="#fffde7" />
      <path d="M0 220 Q140 150 300 200 T480 190 V270 H0z" fill="#283593" />
      <path d="M0 245 Q200 210 480 240 V270 H0z" fill="#1b1f5e" />
      <g transform="translate(196 158)">
        <circle cx="0" cy="0" r="11" fill="#ffccbc" />
        <path d="M-11 -2 Q0 -16 11 -2z" fill="#3e2723" />
        <rect x="-12" y="10" width="24" height="26" rx="8" fill="#ec407a" />
        <circle cx="40" cy="4" r="11" fill="#ffccbc" />
        <path d="M29 2 Q40 -14 51 2z" fill="#212121" />
        <rect x="28" y="14" width="24" height="24" rx="8" fill="#29b6f6" />
      </g>
      <g transform="translate(80 150)">
        <rect x="-4" y="20" width="8" height="40" fill="#4e342e" />
        <circle cx="0" cy="14" r="24" fill="#2e7d32" />
      </g>
    </>,
  );
}

/** A summer fair: a Ferris wheel and colourful balloons by the sea. */
function SummerFair() {
  const cabins = [0, 60, 120, 180, 240, 300];
  return frame(
    '夏日海边的摩天轮和彩色气球',
    <>
      <rect width="480" height="270" fill="#ffe0b2" />
      <rect y="170" width="480" height="50" fill="#4fc3f7" />
      <path d="M0 182 q20 -6 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0" stroke="#e1f5fe" strokeWidth="3" fill="none" />
      <rect y="220" width="480" height="50" fill="#ffcc80" />
      <g transform="translate(330 120)">
        <path d="M-40 100 L0 0 L40 100" stroke="#8d6e63" strokeWidth="6" fill="none" />
        <circle r="70" fill="none" stroke="#ef5350" strokeWidth="5" />
        {cabins.map((a) => (
          <g key={a} transform={`rotate(${a})`}>
            <line x1="0" y1="0" x2="70" y2="0" stroke="#ef9a9a" strokeWidth="2" />
            <rect x="62" y="-8" width="16" height="16" rx="4" fill={a % 120 === 0 ? '#42a5f5' : '#ffca28'} />
          </g>
        ))}
        <circle r="8" fill="#6d4c41" />
      </g>
      {[
        [70, 80, '#e53935'],
        [110, 60, '#8e24aa'],
        [150, 90, '#43a047'],
        [190, 66, '#fb8c00'],
      ].map(([x, y, c]) => (
        <g key={String(c)}>
          <path d={`M${x} ${Number(y) + 26} q6 30 -4 70`} stroke="#6d4c41" strokeWidth="1.5" fill="none" />
          <ellipse cx={x} cy={y} rx="18" ry="24" fill={String(c)} />
        </g>
      ))}
    </>,
  );
}

export const BANNER_SCENES = [BusMorning, StarryHill, SummerFair];
