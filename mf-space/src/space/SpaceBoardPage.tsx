/** /{id}/board: another user's message board. */
import { Board } from '../board/Board';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from './owner-context';

export default function SpaceBoardPage() {
  const owner = useSpaceOwner();
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <Board owner={owner} title={`${owner.name}的留言板`} />
    </SpaceFrame>
  );
}
