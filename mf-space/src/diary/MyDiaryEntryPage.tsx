/** /my/diary/{diaryId}: one of the own 日志 entries. */
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useOwnOwner } from '../my/useOwnOwner';
import { DiaryEntry } from './DiaryEntry';

export default function MyDiaryEntryPage() {
  const owner = useOwnOwner();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <DiaryEntry owner={owner} base="/my" />
    </SpaceFrame>
  );
}
