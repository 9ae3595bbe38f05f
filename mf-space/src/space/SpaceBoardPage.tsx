/** /{id}/board: another user's message board. */
import { usePageTitle } from '@xiaoba/shared';
import { Board } from '../board/Board';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from './owner-context';

export default function SpaceBoardPage() {
  const owner = useSpaceOwner();
  usePageTitle(`${owner.name}的留言板`);
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <Board owner={owner} title={`${owner.name}的留言板`} />
    </SpaceFrame>
  );
}
