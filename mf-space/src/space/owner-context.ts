/**
 * The owner SpacePage fetched, handed to the /{id} child pages. A React context of this remote's
 * own (react is a federated singleton), so it needs nothing more from the router facade.
 */
import { createContext, useContext } from 'react';
import type { SpaceOwner } from '../frame/owner';

export const SpaceOwnerContext = createContext<SpaceOwner | null>(null);

export function useSpaceOwner(): SpaceOwner {
  const owner = useContext(SpaceOwnerContext);
  if (!owner) throw new Error('useSpaceOwner is used outside SpacePage');
  return owner;
}
