/**
 * /system/scrip (小纸条): the signed-in user's conversations, the one with the newest note first,
 * paged. Each row is a link to the conversation (/system/scrip/<uid>): the other user's avatar and
 * name, how many of their notes are unread, the last note (我： when it is one's own) and its time.
 * Re-read when the live stream says a note came (or reconnects) and on arrival unless just read
 * (the route prefetch, the server's render).
 */
import { useId } from 'react';
import {
  Avatar,
  Link,
  Pager,
  RelativeTime,
  RichText,
  scripPathTo,
  selectUser,
  styled,
  useAppSelector,
  useLiveEvent,
  useScripThreadsQuery,
  type ScripThread,
  useListPage,
} from '@xiaoba/shared';
import { Note, Retry } from '../ui';
import { ScripFrame } from './ScripFrame';

/** A list younger than this (seconds: the route prefetch, the server's render) is shown without asking again. */
const FRESH_S = 10;

export const SCRIP_EMPTY = '还没有小纸条。在好朋友的空间里点「写纸条」，就能给TA写小纸条。';

/** The unread count as said after the name. */
export const unreadText = (n: number) => `${n}条未读`;

export default function ScripListPage() {
  const uid = useAppSelector(selectUser)?.uid;
  if (uid === undefined) return null; // the shell's guard only lets signed-in users here
  return (
    <ScripFrame>
      {/* Keyed: another user signing in on this tab starts at page 1 of their own list. */}
      <Threads key={uid} me={uid} />
    </ScripFrame>
  );
}

function Threads({ me }: { me: number }) {
  const headingId = useId();
  const { page, setPage, fit } = useListPage();
  const { data, isLoading, isFetching, isError, refetch } = useScripThreadsQuery(page, { refetchOnMountOrArgChange: FRESH_S });
  fit(data?.pages);
  const reread = () => void refetch();
  useLiveEvent('scrip', reread);
  useLiveEvent('hello', reread);
  const records = data?.records ?? [];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        我的小纸条
      </h2>
      {isLoading ? (
        <Note role="status">正在加载…</Note>
      ) : isError && !data ? (
        <Note role="alert">
          小纸条加载失败。 <Retry onClick={refetch} />
        </Note>
      ) : records.length === 0 ? (
        <Note>{SCRIP_EMPTY}</Note>
      ) : (
        <>
          <List aria-labelledby={headingId} aria-busy={isFetching || undefined}>
            {records.map((thread) => (
              <ThreadRow key={thread.user.uid} thread={thread} me={me} />
            ))}
          </List>
          <Pager page={page} pages={data?.pages ?? 0} onChange={setPage} label="小纸条分页" />
        </>
      )}
    </section>
  );
}

function ThreadRow({ thread: { user, last, unread }, me }: { thread: ScripThread; me: number }) {
  return (
    <li>
      <Link to={scripPathTo(user.uid)} className={unread > 0 ? 'unread' : undefined}>
        <span aria-hidden="true">
          <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={44} />
        </span>
        <span className="body">
          <span className="top">
            <span className="name">{user.name}</span>
            {unread > 0 && <span className="count">{unreadText(unread)}</span>}
            <RelativeTime at={last.ctime} />
          </span>
          <span className="last">
            {last.fromUid === me && '我：'}
            <RichText text={last.content} />
          </span>
        </span>
      </Link>
    </li>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li + li {
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  a {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 10px 8px;
    border-radius: 8px;
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  a:hover .name {
    text-decoration: underline;
  }
  .body {
    display: block;
    flex: 1;
    min-width: 0;
  }
  .top {
    display: flex;
    align-items: baseline;
    flex-wrap: wrap;
    gap: 2px 8px;
  }
  .name {
    font-weight: 700;
    color: ${(p) => p.theme.colors.link};
    overflow-wrap: anywhere;
  }
  /* A word, not only a colour, says how many are new. */
  .count {
    padding: 0 7px;
    border-radius: 9px;
    font-size: 12px;
    font-weight: 700;
    white-space: nowrap;
    background: ${(p) => p.theme.colors.danger};
    color: ${(p) => p.theme.colors.panel};
  }
  time {
    margin-left: auto;
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
    white-space: nowrap;
  }
  /* One line of the last note; the conversation shows the rest. */
  .last {
    display: block;
    margin-top: 2px;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    color: ${(p) => p.theme.colors.muted};
  }
  .unread .last {
    color: ${(p) => p.theme.colors.text};
    font-weight: 600;
  }
  .last img {
    width: 20px;
    height: 20px;
  }
`;
