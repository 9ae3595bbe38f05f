import { useMemo } from 'react';
import { selectUser, useAppSelector } from '@xiaoba/shared';
import { ownerFromUser, type SpaceOwner } from '../frame/owner';

/** The signed-in user as a space owner; null only for the moment before the guard loads them. */
export function useOwnOwner(): SpaceOwner | null {
  const user = useAppSelector(selectUser);
  // One object per user change, so the panels below do not re-render for nothing.
  return useMemo(() => (user ? ownerFromUser(user) : null), [user]);
}
