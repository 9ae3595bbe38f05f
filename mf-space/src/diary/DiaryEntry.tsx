/**
 * One 日志 entry: its title, paragraphs (emoji codes drawn), pictures (opening the picture viewer),
 * time and edit time, and its comments. The owner sees its visibility and has 编辑 and 删除 (with a
 * confirm, then back to the list); others have 更多 (举报, 拉黑). An entry that does not exist and
 * one the viewer may not see read alike: 日志不存在, with the way back to the list.
 */
import { useId, useState } from 'react';
import {
  ConfirmDialog,
  Link,
  notify,
  RichText,
  selectUser,
  styled,
  useAppSelector,
  useArchiveMode,
  useNavigate,
  usePageTitle,
  useParams,
  type ApiError,
} from '@xiaoba/shared';
import { DIARY_MSG, VISIBILITY_LABEL, type Diary } from '@xiaoba/shared/space-features';
import { useDeleteDiaryMutation, useDiaryQuery } from './diary-api';
import type { SpaceOwner } from '../frame/owner';
import { MoreMenu } from '../safety/MoreMenu';
import { parseSpaceId } from '../space/space-id';
import { ActionButton } from '../ui/fields';
import { Time } from '../ui/Time';
import { PictureGrid } from '../yy/YyImages';
import { DiaryComments } from './DiaryComments';
import { LinkButton, listPath } from './ui';
import { loadNote } from '../ui/LoadNote';

/** The body's paragraphs: each line break starts one, blank lines are not kept as empty ones. */
export const paragraphsOf = (content: string) => content.split(/\n+/).filter((line) => line.trim() !== '');

export function DiaryEntry({ owner, base }: { owner: SpaceOwner; base: string }) {
  const diaryId = parseSpaceId(useParams().diaryId) ?? 0;
  const { data, isLoading, isError, refetch } = useDiaryQuery(diaryId, { skip: diaryId === 0 });
  const back = listPath(base);
  // null: the server's 日志不存在 (missing or not visible); an entry of another space reads alike.
  const missing = diaryId === 0 || data === null || (data !== undefined && data.uid !== owner.uid);

  if (missing) return <EntryGone back={back} />;
  if (isLoading || !data) return loadNote({ loading: !isError, failed: true, words: { loading: '正在打开日志…', failed: '日志加载失败' }, onRetry: refetch });
  return <Entry entry={data} own={owner.own} back={back} />;
}

/** Not there, or not for this viewer: the same words either way (in the page's title too), and the way back. */
function EntryGone({ back }: { back: string }) {
  usePageTitle(DIARY_MSG.notFound);
  return (
    <Gone>
      <h2>{DIARY_MSG.notFound}</h2>
      <p>它可能已经被删除了，或者你没有权限看。</p>
      <Link to={back}>返回日志列表</Link>
    </Gone>
  );
}

function Entry({ entry: d, own, back }: { entry: Diary; own: boolean; back: string }) {
  const id = useId();
  const viewer = useAppSelector(selectUser)?.uid;
  const archive = useArchiveMode();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleteDiary, { isLoading: deleting }] = useDeleteDiaryMutation();
  const mayChange = own && !archive;
  usePageTitle(d.title);

  const remove = async () => {
    try {
      const res = await deleteDiary(d.diaryId).unwrap();
      notify.success(res.msg || DIARY_MSG.deleted);
      setConfirming(false);
      navigate(back, { replace: true });
    } catch (err) {
      notify.error((err as ApiError).message || '删除失败');
      setConfirming(false);
    }
  };

  return (
    <Article aria-labelledby={`${id}title`}>
      <p className="crumb">
        <Link to={back}>← {own ? '我的日志' : `${d.userName}的日志`}</Link>
      </p>
      <h2 id={`${id}title`}>{d.title}</h2>
      <p className="meta">
        <Time at={d.ctime} />
        {d.mtime > 0 && (
          <span>
            编辑于 <Time at={d.mtime} />
          </span>
        )}
        {own && <span>{VISIBILITY_LABEL[d.visibility]}</span>}
      </p>
      <div className="text">
        {paragraphsOf(d.content).map((line, i) => (
          <p key={i}>
            <RichText text={line} />
          </p>
        ))}
      </div>
      <PictureGrid urls={d.images} />
      <p className="actions">
        {mayChange && (
          <>
            <LinkButton to={`/my/diary/${d.diaryId}/edit`}>编辑</LinkButton>
            <ActionButton type="button" $danger onClick={() => setConfirming(true)}>
              删除
            </ActionButton>
          </>
        )}
        <MoreMenu kind="diary" id={d.diaryId} author={{ uid: d.uid, name: d.userName }} viewer={viewer} />
      </p>
      <DiaryComments entry={d} />
      <ConfirmDialog
        open={confirming}
        title="删除日志"
        message={`确定要删除日志“${d.title}”吗？它的评论也会一起删除。`}
        confirmLabel="删除"
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </Article>
  );
}

const Article = styled.article`
  .crumb {
    margin: 0 0 8px;
    font-size: 14px;
  }
  h2 {
    margin: 0 0 6px;
    font-size: 20px;
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    margin: 0 0 12px;
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
  .text p {
    margin: 0 0 10px;
    line-height: 1.7;
    overflow-wrap: anywhere;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 12px 0 0;
  }
`;
const Gone = styled.section`
  padding: 24px 0;
  text-align: center;
  h2 {
    margin: 0 0 8px;
    font-size: 18px;
  }
`;
