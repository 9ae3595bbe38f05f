/** The right panel's static banner: our own art (a school bus under a rainbow), no network request. */
export function BannerArt() {
  return (
    <svg role="img" aria-label="校巴小巴士开往彩虹" viewBox="0 0 240 110" width="100%" style={{ display: 'block', borderRadius: 8 }}>
      <title>校巴小巴士开往彩虹</title>
      <rect width="240" height="110" fill="#bfe3fb" />
      <g fill="none" strokeWidth="7">
        <path d="M30 100a90 80 0 0 1 180 0" stroke="#ef5350" />
        <path d="M37 100a83 73 0 0 1 166 0" stroke="#ffb300" />
        <path d="M44 100a76 66 0 0 1 152 0" stroke="#66bb6a" />
        <path d="M51 100a69 59 0 0 1 138 0" stroke="#42a5f5" />
      </g>
      <circle cx="40" cy="26" r="9" fill="#fff" fillOpacity=".9" />
      <circle cx="52" cy="22" r="11" fill="#fff" fillOpacity=".9" />
      <circle cx="190" cy="30" r="8" fill="#fff" fillOpacity=".9" />
      <circle cx="200" cy="26" r="10" fill="#fff" fillOpacity=".9" />
      <rect y="96" width="240" height="14" fill="#7cb342" />
      <g transform="translate(78 58)">
        <rect width="84" height="36" rx="8" fill="#ffca28" />
        <rect x="8" y="7" width="16" height="12" rx="2" fill="#e3f2fd" />
        <rect x="30" y="7" width="16" height="12" rx="2" fill="#e3f2fd" />
        <rect x="52" y="7" width="16" height="12" rx="2" fill="#e3f2fd" />
        <rect x="72" y="7" width="8" height="20" rx="2" fill="#e3f2fd" />
        <rect x="6" y="24" width="60" height="4" fill="#f57c00" />
        <circle cx="18" cy="37" r="7" fill="#37474f" />
        <circle cx="66" cy="37" r="7" fill="#37474f" />
        <circle cx="18" cy="37" r="3" fill="#cfd8dc" />
        <circle cx="66" cy="37" r="3" fill="#cfd8dc" />
      </g>
    </svg>
  );
}
