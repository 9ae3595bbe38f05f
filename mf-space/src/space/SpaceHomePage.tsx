/** /{id}: another user's space home: their yy list. The right panel is a later issue. */
import { SpaceFrame } from '../frame/SpaceFrame';
import { YyList } from '../yy/YyList';
import { useSpaceOwner } from './owner-context';

export default function SpaceHomePage() {
  const owner = useSpaceOwner();
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <YyList uid={owner.uid} title={`${owner.name}的yy`} />
    </SpaceFrame>
  );
}
