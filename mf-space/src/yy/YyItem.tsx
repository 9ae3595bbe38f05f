/**
 * One yy as an <article>: author, words, pictures (or the reposted yy), time, and its actions:
 * 评论(n) opens the comments, 转发, and 删除 for its author only; 更多 (举报, 拉黑)
 * for everyone else.
 */
import { useId, useState } from 'react';
import { Avatar, Link, RichText, styled, useArchiveMode, type Yy } from '@xiaoba/shared';
import { Comments } from '../comments/Comments';
import { RepostDialog } from '../repost/RepostDialog';
import { RepostSource } from '../repost/RepostSource';
import { MoreMenu } from '../safety/MoreMenu';
import { ActionButton } from '../ui/fields';
import { itemSeparator, ItemActions, nameAndTime } from '../ui/item';
import { spacePath } from '../ui/space-path';
import { Time } from '../ui/Time';
import { YyImages } from './YyImages';

export interface YyItemProps {
  yy: Yy;
  ownUid: number | undefined;
  /** Asks to delete it (the list holds the one confirmation dialog). Offered on the own yy only. */
  onDelete(yy: Yy): void;
  /** Search results: the words to mark in its text (shared RichText's `highlight`). */
  highlight?: string;
}

export function YyItem({ yy, ownUid, onDelete, highlight }: YyItemProps) {
  const id = useId();
  const [commentsOpened, setCommentsOpened] = useState(false);
  const [commentsShown, setCommentsShown] = useState(false);
  const [reposting, setReposting] = useState(false);
  // Kept mounted once opened: the native dialog then returns focus on close, and words written
  // in it survive closing it by mistake.
  const [repostOpened, setRepostOpened] = useState(false);
  const isRepost = yy.transpondId > 0;
  const own = ownUid !== undefined && yy.uid === ownUid;
  // In an archive, comments can be read but nothing can be reposted or deleted.
  const archive = useArchiveMode();

  const toggleComments = () => {
    setCommentsOpened(true);
    setCommentsShown((shown) => !shown);
  };

  return (
    <Article aria-labelledby={`${id}name`}>
      <Head>
        <Link to={spacePath(yy.uid, ownUid)} tabIndex={-1} aria-hidden="true">
          <Avatar uid={yy.uid} face={yy.face} avatar={yy.avatar} name={yy.userName} size={44} />
        </Link>
        <div>
          <Link id={`${id}name`} to={spacePath(yy.uid, ownUid)} className="name">
            {yy.userName}
          </Link>
          {isRepost && <span className="verb"> 转发了</span>}
          <br />
          <Time at={yy.ctime} className="time" />
        </div>
      </Head>
      {yy.content && (
        <Text>
          <RichText text={yy.content} highlight={highlight} />
        </Text>
      )}
      {isRepost ? <RepostSource yy={yy} ownUid={ownUid} /> : <YyImages images={yy.typeData} />}
      <Actions>
        <ActionButton type="button" aria-expanded={commentsShown} aria-controls={`${id}comments`} onClick={toggleComments}>
          评论({yy.comment})
        </ActionButton>
        {!archive && (
          <ActionButton
            type="button"
            onClick={() => {
              setRepostOpened(true);
              setReposting(true);
            }}
          >
            转发
          </ActionButton>
        )}
        {own && !archive && (
          <ActionButton type="button" $danger onClick={() => onDelete(yy)}>
            删除
          </ActionButton>
        )}
        <MoreMenu kind="yy" id={yy.weiboId} author={{ uid: yy.uid, name: yy.userName }} viewer={ownUid} />
      </Actions>
      {commentsOpened && <Comments id={`${id}comments`} weiboId={yy.weiboId} ownUid={ownUid} hidden={!commentsShown} />}
      {repostOpened && <RepostDialog yy={yy} open={reposting} onClose={() => setReposting(false)} />}
    </Article>
  );
}

const Article = styled.article`
  ${itemSeparator}
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  ${nameAndTime}
  .verb {
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
`;
const Text = styled.p`
  margin: 8px 0 0;
  line-height: 1.6;
  overflow-wrap: anywhere;
`;
const Actions = styled(ItemActions)`
  margin-top: 6px;
`;
