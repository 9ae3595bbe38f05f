/** /{id}/medal: another user's medals. */
import { SpaceFrame } from '../frame/SpaceFrame';
import { MedalList } from '../medal/MedalList';
import { useSpaceOwner } from './owner-context';

export default function SpaceMedalPage() {
  const owner = useSpaceOwner();
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <MedalList owner={owner} title={`${owner.name}的勋章`} />
    </SpaceFrame>
  );
}
