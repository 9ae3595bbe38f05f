/** The sex mark beside a name (our own art): ♂ on blue for 男生, ♀ on pink for 女生, named for readers. */
import type { Sex } from '@xiaoba/shared';

export function SexIcon({ sex, size = 20 }: { sex: Sex; size?: number }) {
  const boy = sex === 1;
  const label = boy ? '男生' : '女生';
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox="0 0 20 20" style={{ verticalAlign: 'middle', flex: 'none' }}>
      <title>{label}</title>
      <circle cx="10" cy="10" r="10" fill={boy ? '#1f6fb2' : '#c2185b'} />
      {boy ? (
        <g fill="none" stroke="#ffffff" strokeWidth="1.8" strokeLinecap="round">
          <circle cx="8.5" cy="11.5" r="3.6" />
          <path d="M11.2 8.8L15 5M11.8 5H15v3.2" />
        </g>
      ) : (
        <g fill="none" stroke="#ffffff" strokeWidth="1.8" strokeLinecap="round">
          <circle cx="10" cy="8" r="3.6" />
          <path d="M10 11.6v5M7.8 14.4h4.4" />
        </g>
      )}
    </svg>
  );
}
