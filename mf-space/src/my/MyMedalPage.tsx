/** /my/medal: the own medals. */
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { MedalList } from '../medal/MedalList';
import { useOwnOwner } from './useOwnOwner';

export default function MyMedalPage() {
  const owner = useOwnOwner();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <MedalList owner={owner} title="我的勋章" />
    </SpaceFrame>
  );
}
