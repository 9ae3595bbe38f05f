/**
 * A reported 小纸条 in its conversation, for a moderator: 查看对话 opens a dialog (the shared
 * Dialog: labelled, focus kept inside, Escape closes; focus back on the button) that reads
 * GET /api/mod/scrip/{scripId}: the note and the few notes around it, oldest first, each with its
 * writer named, the reported one marked. Read-only: the card's actions deal with it. The server
 * logs every reading, so nothing is read until the moderator asks, and each opening asks again.
 */
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Dialog, Link, RelativeTime, RichText, SCRIP_AROUND, styled, type ModScripView } from '@xiaoba/shared';
import { Badge, Note } from '../frame/AdminFrame';
import { useGetModScripQuery } from '../mod-api';

export const OPEN_LABEL = '查看对话';
export const DIALOG_TITLE = '小纸条对话';
export const REPORTED_LABEL = '被举报';
export const LOGGED_NOTE = `只显示被举报的小纸条和它前后各最多${SCRIP_AROUND}张（管理员删除的不显示）。每次查看都会记入操作记录。`;

export function ScripContext({ scripId }: { scripId: number }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // The dialog leaves the page when closed rather than closing itself, so focus is put back here,
  // once it has left: while it is open the rest of the page is inert and cannot take focus.
  const close = () => {
    flushSync(() => setOpen(false));
    opener.current?.focus();
  };
  return (
    <>
      <OpenButton ref={opener} type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {OPEN_LABEL}
      </OpenButton>
      {open && <ConversationDialog scripId={scripId} onClose={close} />}
    </>
  );
}

// Its own component so the query (and the logged reading) starts only when the dialog opens.
function ConversationDialog({ scripId, onClose }: { scripId: number; onClose: () => void }) {
  const { data, error, isFetching, refetch } = useGetModScripQuery(scripId);
  const failure = error ? error.message || '对话加载失败，请稍后再试' : '';
  return (
    <Dialog open title={DIALOG_TITLE} onRequestClose={onClose}>
      {isFetching && !data ? (
        <Note role="status">正在加载…</Note>
      ) : failure && !data ? (
        <Note>
          <span role="alert">{failure}</span>{' '}
          <button type="button" onClick={() => void refetch()}>
            重试
          </button>
        </Note>
      ) : data ? (
        <Conversation view={data} />
      ) : null}
    </Dialog>
  );
}

function Conversation({ view }: { view: ModScripView }) {
  const listId = useId();
  const names = new Map([
    [view.from.uid, view.from.name],
    [view.to.uid, view.to.name],
  ]);
  return (
    <Body>
      <p id={listId} className="who">
        <Link to={`/admin/user/${view.from.uid}`}>{view.from.name}</Link>（米米号 {view.from.uid}）写给{' '}
        <Link to={`/admin/user/${view.to.uid}`}>{view.to.name}</Link>（米米号 {view.to.uid}）的小纸条
        {view.removed && <Badge>已删除</Badge>}
      </p>
      <p className="hint">{LOGGED_NOTE}</p>
      <ol aria-labelledby={listId}>
        {view.notes.map((note) => {
          const reported = note.scripId === view.scripId;
          return (
            <li key={note.scripId} className={reported ? 'reported' : undefined} aria-current={reported ? 'true' : undefined}>
              <p className="meta">
                <strong>{names.get(note.fromUid) ?? `米米号 ${note.fromUid}`}</strong> 写给 {names.get(note.toUid) ?? `米米号 ${note.toUid}`} ·{' '}
                <RelativeTime at={note.ctime} />
                {reported && <Badge>{REPORTED_LABEL}</Badge>}
              </p>
              <p className="text">
                <RichText text={note.content} />
              </p>
            </li>
          );
        })}
      </ol>
    </Body>
  );
}

const OpenButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-size: 14px;
  color: ${(p) => p.theme.colors.link};
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Body = styled.div`
  p {
    margin: 0 0 6px;
  }
  .who {
    font-weight: 600;
  }
  .hint {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  ol {
    list-style: none;
    margin: 10px 0 0;
    padding: 0;
  }
  li {
    margin: 0 0 8px;
    padding: 6px 10px;
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: 8px;
    overflow-wrap: anywhere;
  }
  li.reported {
    border: 2px solid ${(p) => p.theme.colors.danger};
  }
  .meta {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  .meta strong {
    color: ${(p) => p.theme.colors.text};
  }
  .text {
    white-space: pre-wrap;
  }
`;
