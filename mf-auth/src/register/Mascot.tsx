/**
 * The character of the verification quiz, drawn for this fan edition. Its text alternative
 * describes it without giving its name away (the name is the quiz answer).
 */
export function Mascot() {
  return (
    <svg
      role="img"
      aria-label="一辆长着大眼睛、戴着小红帽、笑眯眯的黄色小校车"
      viewBox="0 0 120 100"
      width="120"
      height="100"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path d="M34 22 Q60 2 86 22 Z" fill="#e53935" />
      <rect x="78" y="16" width="18" height="6" rx="3" fill="#c62828" />
      <rect x="14" y="22" width="92" height="58" rx="22" fill="#ffc107" />
      <rect x="14" y="58" width="92" height="7" fill="#ef6c00" />
      <circle cx="44" cy="42" r="11" fill="#fff" />
      <circle cx="76" cy="42" r="11" fill="#fff" />
      <circle cx="46" cy="44" r="5.5" fill="#263238" />
      <circle cx="74" cy="44" r="5.5" fill="#263238" />
      <circle cx="48" cy="42" r="1.8" fill="#fff" />
      <circle cx="76" cy="42" r="1.8" fill="#fff" />
      <path d="M50 56 Q60 64 70 56" stroke="#263238" strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="30" cy="54" r="5" fill="#ff8a80" opacity=".7" />
      <circle cx="90" cy="54" r="5" fill="#ff8a80" opacity=".7" />
      <circle cx="36" cy="84" r="10" fill="#37474f" />
      <circle cx="84" cy="84" r="10" fill="#37474f" />
      <circle cx="36" cy="84" r="4" fill="#cfd8dc" />
      <circle cx="84" cy="84" r="4" fill="#cfd8dc" />
    </svg>
  );
}
