/**
 * /system/scrip/<uid>: the conversation with one user, like a chat (NoteLog), and the reply box
 * (ScripComposer) while they take notes from the reader (`mayScrip`; when they do not, a neutral
 * line that never says why, so a block is not revealed). Opening it reads page 1, which marks the
 * conversation read on the server; a note that comes while it is open (the live stream) is read the
 * same way and said to screen readers. 删除 hides a note, 删除对话 the whole conversation, for the
 * reader only, after a confirmation; 举报 is shared's report dialog. An archive is read-only: no
 * reply box, no delete, no report. There are no read receipts and no typing indicator.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Avatar,
  ConfirmDialog,
  Link,
  notify,
  parseQueryId,
  ReportDialog,
  SCRIP_MSG,
  SCRIP_PATH,
  selectUser,
  styled,
  useAppSelector,
  useArchiveMode,
  useDeleteScripMutation,
  useDeleteScripThreadMutation,
  useLiveEvent,
  useNavigate,
  useParams,
  useScripThreadInfiniteQuery,
  type ApiError,
  type Scrip,
  type ScripThreadPage,
} from '@xiaoba/shared';
import { Note, Retry } from '../ui';
import { NoteLog } from './NoteLog';
import { ScripComposer } from './ScripComposer';
import { ScripFrame } from './ScripFrame';
import { useChatScroll } from './useChatScroll';

export const CLOSED_NOTE = '你现在不能给TA写小纸条。';
export const ARCHIVE_NOTE = '校巴已成为只读存档，小纸条只能看，不能再写。';
export const NEW_NOTE = (name: string) => `${name}写来一张新的小纸条`;
export const HIDE_NOTE = { title: '删除这张小纸条？', message: '只从你这里删除，TA那里还在。' } as const;
export const HIDE_THREAD = {
  title: (name: string) => `删除和${name}的全部小纸条？`,
  message: '只从你这里删除，TA那里还在。以后有新的小纸条，对话会重新出现。',
} as const;

export default function ScripThreadPage() {
  const me = useAppSelector(selectUser)?.uid;
  const uid = parseQueryId(useParams().uid);
  if (me === undefined) return null; // the shell's guard only lets signed-in users here
  return (
    <ScripFrame>
      <Back to={SCRIP_PATH}>
        <span aria-hidden="true">‹ </span>全部小纸条
      </Back>
      {uid === null ? (
        <Note role="alert">{SCRIP_MSG.userNotFound}</Note>
      ) : uid === me ? (
        <Note role="alert">{SCRIP_MSG.self}</Note>
      ) : (
        // Keyed: another conversation (or user) starts afresh, scrolled to its newest note.
        <Conversation key={`${me}:${uid}`} me={me} uid={uid} />
      )}
    </ScripFrame>
  );
}

/** The notes of every loaded page, oldest first, each once (a page boundary moves as notes come). */
function notesOf(pages: readonly ScripThreadPage[] | undefined): Scrip[] {
  const byId = new Map<number, Scrip>();
  for (const page of pages ?? []) for (const note of page.records) byId.set(note.scripId, note);
  return [...byId.values()].sort((a, b) => a.scripId - b.scripId);
}

function Conversation({ me, uid }: { me: number; uid: number }) {
  const headingId = useId();
  const archive = useArchiveMode();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  // Asked anew on arrival: opening the conversation is what marks it read.
  const query = useScripThreadInfiniteQuery(uid, { refetchOnMountOrArgChange: true });
  const { data, error, isLoading, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const reread = () => void refetch();
  useLiveEvent('scrip', (event) => event.withUid === uid && reread());
  useLiveEvent('hello', reread);

  const notes = useMemo(() => notesOf(data?.pages), [data]);
  const scroll = useChatScroll(
    box,
    useMemo(() => notes.map((n) => n.scripId), [notes]),
  );
  const newest = data?.pages[0];
  const announced = useNewNoteAnnouncement(notes, me, newest?.user.name ?? '');

  const [hiding, setHiding] = useState<Scrip | null>(null);
  // The report dialog stays mounted once opened: closing the native dialog hands focus back to 举报.
  const [reporting, setReporting] = useState<{ note: Scrip; open: boolean } | null>(null);
  const [hidingThread, setHidingThread] = useState(false);
  const [hideNote, { isLoading: hidingNow }] = useDeleteScripMutation();
  const [hideThread, { isLoading: hidingThreadNow }] = useDeleteScripThreadMutation();
  // A hidden note takes its buttons with it: once it is gone, focus goes to the conversation.
  const [hidden, setHidden] = useState<number | null>(null);
  useEffect(() => {
    if (hidden === null || notes.some((n) => n.scripId === hidden)) return;
    setHidden(null);
    box.current?.focus();
  }, [hidden, notes]);

  if (isLoading) return <Note role="status">正在加载…</Note>;
  if (!newest) {
    const e = error as ApiError | undefined;
    // A refusal (no such user) in the server's words; a failure to reach it with 重试.
    return e?.status && e.status < 500 ? (
      <Note role="alert">{e.message}</Note>
    ) : (
      <Note role="alert">
        小纸条加载失败。 <Retry onClick={refetch} />
      </Note>
    );
  }
  const { user, mayScrip } = newest;

  const confirmHide = async () => {
    if (!hiding) return;
    try {
      const res = await hideNote({ scripId: hiding.scripId, withUid: uid }).unwrap();
      notify.success(res.msg || SCRIP_MSG.deleted);
      setHiding(null);
      setHidden(hiding.scripId);
    } catch (err) {
      setHiding(null);
      notify.error((err as ApiError).message || '删除失败');
    }
  };
  const confirmHideThread = async () => {
    try {
      const res = await hideThread(uid).unwrap();
      notify.success(res.msg || SCRIP_MSG.threadDeleted);
      navigate(SCRIP_PATH);
    } catch (err) {
      setHidingThread(false);
      notify.error((err as ApiError).message || '删除失败');
    }
  };

  return (
    <>
      <Head>
        <span aria-hidden="true">
          <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={36} />
        </span>
        <h2 id={headingId}>和{user.name}的小纸条</h2>
        <Link to={`/${user.uid}`}>TA的空间</Link>
        {!archive && notes.length > 0 && (
          <button type="button" className="hide" onClick={() => setHidingThread(true)}>
            删除对话
          </button>
        )}
      </Head>
      <NoteLog
        notes={notes}
        me={me}
        name={user.name}
        labelledBy={headingId}
        box={box}
        onScroll={scroll.onScroll}
        older={{ has: hasNextPage, loading: isFetchingNextPage, load: () => void fetchNextPage() }}
        actions={archive ? null : { remove: setHiding, report: (note) => setReporting({ note, open: true }) }}
      />
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      {archive ? <Note>{ARCHIVE_NOTE}</Note> : mayScrip ? <ScripComposer uid={uid} name={user.name} onSent={scroll.followNext} /> : <Note>{CLOSED_NOTE}</Note>}
      <ConfirmDialog
        open={hiding !== null}
        title={HIDE_NOTE.title}
        message={HIDE_NOTE.message}
        confirmLabel="删除"
        busy={hidingNow}
        onConfirm={() => void confirmHide()}
        onCancel={() => setHiding(null)}
      />
      <ConfirmDialog
        open={hidingThread}
        title={HIDE_THREAD.title(user.name)}
        message={HIDE_THREAD.message}
        confirmLabel="删除对话"
        busy={hidingThreadNow}
        onConfirm={() => void confirmHideThread()}
        onCancel={() => setHidingThread(false)}
      />
      {reporting && (
        <ReportDialog
          open={reporting.open}
          target={{ kind: 'scrip', id: reporting.note.scripId }}
          subject={`${user.name}的小纸条`}
          onClose={() => setReporting({ ...reporting, open: false })}
        />
      )}
    </>
  );
}

/**
 * What the status line says: the other user's newest note when it came while the page was open
 * (not the notes there on arrival, nor older pages loaded above).
 */
function useNewNoteAnnouncement(notes: readonly Scrip[], me: number, name: string): string {
  const [said, setSaid] = useState('');
  const newestSeen = useRef<number | null>(null);
  const newest = notes.at(-1);
  useEffect(() => {
    if (!newest) return;
    const before = newestSeen.current;
    newestSeen.current = Math.max(before ?? 0, newest.scripId);
    if (before !== null && newest.scripId > before && newest.fromUid !== me) setSaid(NEW_NOTE(name));
  }, [newest, me, name]);
  return said;
}

const Back = styled(Link)`
  display: inline-block;
  margin: 0 0 8px;
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  margin: 0 0 10px;
  h2 {
    margin: 0;
    font-size: 18px;
    overflow-wrap: anywhere;
  }
  .hide {
    margin-left: auto;
    min-height: 32px;
    padding: 4px 10px;
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: 6px;
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.danger};
    font: inherit;
    font-size: 14px;
    cursor: pointer;
  }
`;
