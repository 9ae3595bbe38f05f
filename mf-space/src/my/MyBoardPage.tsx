/** /my/board: the own message board. Leave messages and replies come in a later issue. */
import { ComingSoon, SpaceFrame } from '../frame/SpaceFrame';
import { Pending } from '../frame/Pending';
import { useOwnOwner } from './useOwnOwner';

export default function MyBoardPage() {
  const owner = useOwnOwner();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <ComingSoon title="我的留言板">朋友们给你的留言正在搬过来，敬请期待。</ComingSoon>
    </SpaceFrame>
  );
}
