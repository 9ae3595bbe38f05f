/** /my/board: the own message board. */
import { Board } from '../board/Board';
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useOwnOwner } from './useOwnOwner';

export default function MyBoardPage() {
  const owner = useOwnOwner();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <Board owner={owner} title="我的留言板" />
    </SpaceFrame>
  );
}
