/** /{id}/board: another user's message board. Leaving messages comes in a later issue. */
import { ComingSoon, SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from './owner-context';

export default function SpaceBoardPage() {
  const owner = useSpaceOwner();
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <ComingSoon title="留言板">{owner.name}的留言板正在搬过来，敬请期待。</ComingSoon>
    </SpaceFrame>
  );
}
