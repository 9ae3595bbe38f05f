/** /{id}/diary: another user's 日志, the entries the viewer may see. */
import { SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from '../space/owner-context';
import { DiaryList } from './DiaryList';

export default function SpaceDiaryPage() {
  const owner = useSpaceOwner();
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <DiaryList owner={owner} own={false} title={`${owner.name}的日志`} />
    </SpaceFrame>
  );
}
