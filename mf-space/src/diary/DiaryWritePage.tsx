/**
 * /my/diary/new and /my/diary/{diaryId}/edit: the 日志 editor in the own space. An edit waits for
 * the entry; one that is gone (or not the writer's) reads 日志不存在 with the way back. An archive
 * is read-only: the page says so.
 */
import { Link, selectUser, useAppSelector, useArchiveMode, useParams } from '@xiaoba/shared';
import { DIARY_MSG, defaultVisibility } from '@xiaoba/shared/space-features';
import { useDiaryQuery } from './diary-api';
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useOwnOwner } from '../my/useOwnOwner';
import { parseSpaceId } from '../space/space-id';
import { DiaryEditor } from './DiaryEditor';
import { Note } from '../ui/item';

export default function DiaryWritePage() {
  const owner = useOwnOwner();
  const birthday = useAppSelector(selectUser)?.birthday;
  const param = useParams().diaryId;
  const diaryId = param === undefined ? null : (parseSpaceId(param) ?? 0);
  const { data, isError } = useDiaryQuery(diaryId ?? 0, { skip: !diaryId });
  const archive = useArchiveMode();
  if (!owner) return <Pending />;
  if (archive) {
    return (
      <SpaceFrame owner={owner} base="/my">
        <Note>存档里只能看，不能写或修改日志。</Note>
        <Link to="/my/diary">返回日志列表</Link>
      </SpaceFrame>
    );
  }
  const gone = diaryId === 0 || isError || data === null || (data !== undefined && data.uid !== owner.uid);
  return (
    <SpaceFrame owner={owner} base="/my">
      {diaryId === null ? (
        <DiaryEditor uid={owner.uid} entry={null} startVisibility={defaultVisibility(birthday)} />
      ) : gone ? (
        <section>
          <h2>{DIARY_MSG.notFound}</h2>
          <Link to="/my/diary">返回日志列表</Link>
        </section>
      ) : data ? (
        <DiaryEditor key={data.diaryId} uid={owner.uid} entry={data} startVisibility={data.visibility} />
      ) : (
        <Note role="status">正在打开日志…</Note>
      )}
    </SpaceFrame>
  );
}
