/**
 * 回复我的 on /home: the number of new comments on the user's yy and 日志 entries and replies to
 * the user's comments (docs/api.md "Notices"), re-read when the live stream says they changed, else asked
 * again every 60 s while the page is visible (./live-notices.ts). A
 * disclosure button opens the newest notices (who, what, on which yy, when) and opening clears the
 * count; the notices that were new keep their 新 mark while the list is read.
 */
import { Avatar, type CommentNotice, Link, RelativeTime, RichText, selectUser, useAppSelector, diaryPath } from '@xiaoba/shared';
import { New, NoticeBox } from './NoticeBox';
import { useLiveNotices, useNoticesPolling } from './live-notices';
import { useClearNoticesMutation, useGetNoticesQuery } from './notices-api';

/** The accessible name of the button: says how many are new. */
export const noticesLabel = (count: number) => (count > 0 ? `回复我的，${count}条新回复` : '回复我的');

const spacePath = (uid: number, ownUid: number | undefined) => (uid === ownUid ? '/my' : `/${uid}`);

export function CommentNotices() {
  const ownUid = useAppSelector(selectUser)?.uid;
  const query = useGetNoticesQuery(undefined, { pollingInterval: useNoticesPolling(), skipPollingIfUnfocused: true });
  useLiveNotices('comment', query.refetch);
  const [clear] = useClearNoticesMutation();
  return (
    <NoticeBox
      title="回复我的"
      label={noticesLabel}
      query={query}
      clear={clear}
      idOf={(n) => n.commentId}
      upToOf={(n) => n.commentId}
      failed="回复加载失败。"
      empty="还没有人评论你的yy、日志或回复你。"
      item={(n, isNew) => <NoticeItem key={n.commentId} notice={n} ownUid={ownUid} isNew={isNew} />}
    />
  );
}

/** Where a notice happened: a yy (its owner's space) or a 日志 entry (its page), in words and a link. */
function placeOf(n: CommentNotice, ownUid: number | undefined) {
  const mine = !(n.kind === 'reply' && n.yyUid !== ownUid);
  if (n.diaryId !== undefined) {
    return {
      did: n.kind === 'reply' ? '回复了你的评论' : '评论了你的日志',
      where: mine ? '你的日志：' : '在这篇日志下：',
      to: diaryPath(n.yyUid, n.diaryId),
      text: <RichText text={n.diaryTitle ?? ''} />,
    };
  }
  return {
    did: n.kind === 'reply' ? '回复了你的评论' : '评论了你的yy',
    where: mine ? '你的yy：' : '在这条yy下：',
    to: spacePath(n.yyUid, ownUid),
    text: n.yyContent ? <RichText text={n.yyContent} /> : '（转发的yy）',
  };
}

function NoticeItem({ notice: n, ownUid, isNew }: { notice: CommentNotice; ownUid: number | undefined; isNew: boolean }) {
  const place = placeOf(n, ownUid);
  return (
    <li>
      <span aria-hidden="true">
        <Avatar uid={n.uid} face={n.face} avatar={n.avatar} name={n.username} size={36} />
      </span>
      <div>
        <p className="head">
          <Link to={`/${n.uid}`} className="name">
            {n.username}
          </Link>{' '}
          {place.did}
          {isNew && <New>新</New>}
        </p>
        <p className="content">
          <RichText text={n.content} />
        </p>
        <p className="meta">
          {place.where}
          <Link to={place.to}>{place.text}</Link>
          <RelativeTime at={n.ctime} />
        </p>
      </div>
    </li>
  );
}
