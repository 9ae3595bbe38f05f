/** /my/diary: the own 日志. */
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useOwnOwner } from '../my/useOwnOwner';
import { DiaryList } from './DiaryList';

export default function MyDiaryPage() {
  const owner = useOwnOwner();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <DiaryList owner={owner} own title="我的日志" />
    </SpaceFrame>
  );
}
