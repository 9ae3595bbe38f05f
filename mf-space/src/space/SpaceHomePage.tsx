/** /{id}: another user's space home. Their yy list and panels come in a later issue. */
import { ComingSoon, SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from './owner-context';

export default function SpaceHomePage() {
  const owner = useSpaceOwner();
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <ComingSoon title="空间首页">{owner.name}的 yy 和最近访客正在搬过来，敬请期待。</ComingSoon>
    </SpaceFrame>
  );
}
