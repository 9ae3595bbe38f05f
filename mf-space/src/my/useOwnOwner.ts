import { selectUser, useAppSelector } from '@xiaoba/shared';
import { ownerFromUser, type SpaceOwner } from '../frame/owner';

/** The signed-in user as a space owner; null only for the moment before the guard loads them. */
export function useOwnOwner(): SpaceOwner | null {
  const user = useAppSelector(selectUser);
  return user ? ownerFromUser(user) : null;
}
