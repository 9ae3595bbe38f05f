/**
 * A user's picture, in a circle: the uploaded picture (`avatar`, an /uploads/avatars/ URL) when
 * there is one, otherwise the chosen preset face (our own art, drawn inline: no request), and for
 * face 0 a coloured circle with the name's first character.
 *
 * The signed-in user's own avatar always comes from the store, so a change made on /setting/avatar
 * shows at once everywhere (header, side panel, yy list, right box) without a reload, whatever an
 * earlier answer of the server said.
 */
import { useContext, useSyncExternalStore } from 'react';
import { ReactReduxContext } from 'react-redux';
import styled from 'styled-components';
import type { UserInfo } from '../core/api-types';
import { FaceArt, presetFace } from './faces';

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
  /** The uploaded picture's URL, '' (or absent) when the user shows a face. */
  avatar?: string;
  name: string;
  size?: number;
  /** Draw exactly this face and avatar even for the signed-in user (a picker's choices, a preview). */
  fixed?: boolean;
}

const noSubscribe = () => () => {};
const noUser = () => null;

/**
 * The signed-in user from the store, or null (also when rendered without a store). The server
 * render (a remote's server entry) reads the same store, so its snapshot is the same getter.
 */
function useSignedInUser(): UserInfo | null {
  const store = useContext(ReactReduxContext)?.store;
  const user = store ? () => (store.getState() as { auth?: { user?: UserInfo | null } }).auth?.user ?? null : noUser;
  return useSyncExternalStore(store ? store.subscribe : noSubscribe, user, user);
}

export function Avatar({ uid, face, avatar = '', name, size = 48, fixed = false }: AvatarProps) {
  const me = useSignedInUser();
  if (!fixed && me && me.uid === uid) {
    face = me.face;
    avatar = me.avatar ?? '';
  }
  const preset = avatar ? null : presetFace(face);
  const initial = Array.from(name.trim())[0] ?? '?';
  return (
    <Circle
      role="img"
      aria-label={`${name}的头像`}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.46),
        background: avatar ? 'transparent' : preset ? preset.background : avatarColor(uid, face),
      }}
    >
      {avatar ? (
        <img src={avatar} alt="" loading="lazy" decoding="async" width={size} height={size} />
      ) : preset ? (
        <FaceArt face={preset} />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
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
  img,
  svg {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
