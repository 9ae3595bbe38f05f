/** The update log beside registration: /showupdate.txt, one note per line. */
import { useEffect, useState } from 'react';
import { card, styled } from '@xiaoba/shared';

export const UPDATE_NEWS_URL = '/showupdate.txt';
export const NEWS_FAILED = '更新日志暂时加载不出来，稍后再来看看吧~';

/** Notes from the text file: one per line, blank lines ignored. */
export function parseUpdateNotes(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

type NewsState = { status: 'loading' } | { status: 'ready'; notes: string[] } | { status: 'failed' };

/**
 * The prerendered /register (docs/adr/0008) carries the notes as of its build in this JSON
 * element, so the live list starts where the prerendered one was (no jump when one replaces the
 * other, nothing late to paint) and is then refreshed from the file.
 */
export const PRERENDERED_NOTES_ID = 'xb-update-notes';
let notesForPrerender: string[] | null = null;

/** Build time only (mf-auth/prerender): the notes to render instead of loading them. */
export function setPrerenderNotes(notes: string[] | null): void {
  notesForPrerender = notes;
}

function initialNews(): NewsState {
  if (notesForPrerender) return { status: 'ready', notes: notesForPrerender };
  const element = typeof document === 'undefined' ? null : document.getElementById(PRERENDERED_NOTES_ID);
  try {
    const notes: unknown = element ? JSON.parse(element.textContent ?? '') : null;
    if (Array.isArray(notes) && notes.every((n) => typeof n === 'string')) return { status: 'ready', notes };
  } catch {
    // Not ours or broken: load as usual.
  }
  return { status: 'loading' };
}

export function UpdateNews() {
  const [state, setState] = useState<NewsState>(initialNews);

  useEffect(() => {
    const controller = new AbortController();
    fetch(UPDATE_NEWS_URL, { signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const text = await res.text();
        // A missing file answered by an HTML fallback page is not a list of notes.
        if (text.trimStart().startsWith('<')) throw new Error('not a text file');
        setState({ status: 'ready', notes: parseUpdateNotes(text) });
      })
      .catch(() => {
        // Notes already shown (prerendered) stay rather than give way to the failure message.
        if (!controller.signal.aborted) setState((shown) => (shown.status === 'ready' ? shown : { status: 'failed' }));
      });
    return () => controller.abort();
  }, []);

  return (
    <Box aria-labelledby="xb-news-title" aria-busy={state.status === 'loading'}>
      <h2 id="xb-news-title">更新日志</h2>
      {state.status === 'loading' && <p>加载中…</p>}
      {state.status === 'failed' && <p>{NEWS_FAILED}</p>}
      {state.status === 'ready' &&
        (state.notes.length === 0 ? (
          <p>暂时还没有更新日志。</p>
        ) : (
          <ul tabIndex={0} aria-labelledby="xb-news-title">
            {state.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        ))}
    </Box>
  );
}

const Box = styled.section`
  ${card}
  padding: 14px 18px;
  h2 {
    margin: 0 0 8px;
    font-size: 16px;
  }
  /* Scrolls when long: the list is focusable (tabIndex) so keyboard users can scroll it too. */
  ul {
    margin: 0;
    padding-left: 1.2em;
    max-height: 320px;
    overflow: auto;
  }
  li {
    margin-bottom: 4px;
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
