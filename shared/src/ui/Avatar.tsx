/**
 * A user's picture. Our own art, no network request: a coloured circle with the name's first
 * character, coloured by the chosen face (or the uid when none is chosen). Uploaded pictures come
 * in a later issue, in this same component.
 */
import styled from 'styled-components';

/** Circle colours; white text on each meets WCAG AA (4.5:1), checked in Avatar.test.tsx. */
export const AVATAR_COLORS = [
  '#1f6fb2', // blue
  '#c2185b', // pink
  '#2e7d32', // green
  '#6a1b9a', // purple
  '#b34700', // orange
  '#00796b', // teal
  '#5d4037', // brown
  '#3949ab', // indigo
  '#ad1457', // raspberry
  '#455a64', // slate
] as const;

/** The circle colour of a face number, or of the uid when face is 0. */
export function avatarColor(uid: number, face: number): string {
  const n = Math.trunc(face || uid) || 0;
  const len = AVATAR_COLORS.length;
  return AVATAR_COLORS[((n % len) + len) % len]!;
}

export interface AvatarProps {
  uid: number;
  face: number;
  name: string;
  size?: number;
}

export function Avatar({ uid, face, name, size = 48 }: AvatarProps) {
  const initial = Array.from(name.trim())[0] ?? '?';
  return (
    <Circle
      role="img"
      aria-label={`${name}的头像`}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.46),
        background: avatarColor(uid, face),
      }}
    >
      <span aria-hidden="true">{initial}</span>
    </Circle>
  );
}

const Circle = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  color: #ffffff;
  font-weight: 700;
  line-height: 1;
  overflow: hidden;
  user-select: none;
  vertical-align: middle;
  box-shadow: inset 0 0 0 2px rgba(255, 255, 255, 0.35);
`;
