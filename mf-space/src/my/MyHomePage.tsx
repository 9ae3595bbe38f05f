/** /my: the own space's home. The yy list and right panel come in a later issue. */
import { ComingSoon, SpaceFrame } from '../frame/SpaceFrame';
import { Pending } from '../frame/Pending';
import { useOwnOwner } from './useOwnOwner';

export default function MyHomePage() {
  const owner = useOwnOwner();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <ComingSoon title="空间首页">你的 yy、最近访客和热门话题正在搬过来，敬请期待。</ComingSoon>
    </SpaceFrame>
  );
}
