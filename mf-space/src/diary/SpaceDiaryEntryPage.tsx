/** /{id}/diary/{diaryId}: another user's 日志 entry, when the viewer may see it. */
import { SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from '../space/owner-context';
import { DiaryEntry } from './DiaryEntry';

export default function SpaceDiaryEntryPage() {
  const owner = useSpaceOwner();
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <DiaryEntry owner={owner} base={`/${owner.uid}`} />
    </SpaceFrame>
  );
}
