/**
 * The personal centre's feed: the yy, which belong to mf-space. mf-space exposes them as `./feed`
 * and /home composes that fragment at run time (ADR 6), so comments, replies, reposts and deletes
 * work exactly as in the space and ship with mf-space alone. Two tabs above it (issue 18) choose
 * its `source`: 大家的yy (everyone's) or 关注的yy (the people I follow, and mine). The tab lives in
 * the address (`/home?feed=following`), so a reload or a shared link keeps it and the route
 * prefetch (../prefetch.ts) asks only for the tab shown. Yy posted meanwhile (the live stream) wait
 * behind a "有N条新yy" bar above the feed, which never moves by itself (./new-yy.ts).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, card, LIVE_MSG, styled, useSearchParams, type FeedSource } from '@xiaoba/shared';
import { FEED } from '../route-table';
import { FEED_PARAM, feedSourceOf } from './feed-source';
import { useNewYy } from './new-yy';
import { RemoteFragment } from './RemoteFragment';

/** mf-space's federation name and its exposed feed (see mf-space/vite.config.ts). */
export const FEED_REMOTE = FEED.remote;
export const FEED_MODULE = FEED.module;
export const FEED_LABEL = '大家的yy';

export const FEED_TABS: ReadonlyArray<{ source: FeedSource; label: string }> = [
  { source: 'all', label: FEED_LABEL },
  { source: 'following', label: '关注的yy' },
];

export function SpaceFeed() {
  const [search, setSearch] = useSearchParams();
  const source = feedSourceOf(search);
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = FEED_TABS.findIndex((tab) => tab.source === source);
  const tabId = (i: number) => `${baseId}-tab${i}`;
  const panelId = `${baseId}-panel`;
  const panelRef = useRef<HTMLDivElement>(null);
  const newYy = useNewYy();
  const fresh = newYy.pending[source];
  const [renewal, setRenewal] = useState(0);

  // The bar: the feed's pages are re-read and it starts again at page 1, its top in view and focus.
  function showNew() {
    newYy.take(source, true);
    setRenewal((n) => n + 1);
    panelRef.current?.scrollIntoView?.({ block: 'start' });
    panelRef.current?.focus({ preventScroll: true });
  }

  function choose(i: number) {
    const tab = FEED_TABS[i]!;
    if (tab.source !== source) newYy.take(tab.source);
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab.source === 'all') next.delete(FEED_PARAM);
        else next.set(FEED_PARAM, tab.source);
        return next;
      },
      // The tab is a view of the same page: no history entry per click.
      { replace: true, preventScrollReset: true },
    );
  }

  // The tablist pattern (WAI-ARIA APG): arrows, Home and End move focus and select at once.
  function onKeyDown(event: KeyboardEvent) {
    const last = FEED_TABS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (selected + 1) % FEED_TABS.length
        : event.key === 'ArrowLeft'
          ? (selected + last) % FEED_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (to < 0) return;
    event.preventDefault();
    choose(to);
    tabRefs.current[to]?.focus();
  }

  return (
    <Area>
      <Tabs role="tablist" aria-label="看谁的yy" onKeyDown={onKeyDown}>
        {FEED_TABS.map((tab, i) => (
          <button
            key={tab.source}
            ref={(el) => void (tabRefs.current[i] = el)}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === selected}
            aria-controls={panelId}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => choose(i)}
          >
            {tab.label}
          </button>
        ))}
      </Tabs>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} ref={panelRef} tabIndex={-1}>
        <NewBar aria-live="polite">
          {fresh > 0 && (
            <Button type="button" onClick={showNew}>
              {LIVE_MSG.newYy(fresh)}
            </Button>
          )}
        </NewBar>
        <RemoteFragment remote={FEED_REMOTE} module={FEED_MODULE} label={FEED_TABS[selected]!.label} props={{ source }} renewal={renewal} />
      </div>
    </Area>
  );
}

const Area = styled.div`
  ${card}
  padding: 14px 18px 18px;
  /* Focused only by script, after a retry brought the feed back. */
  [tabindex='-1']:focus {
    outline: none;
  }
`;
// Over the top of the feed, taking no room: its arrival moves nothing. It stays in view while the
// reader scrolls the feed.
const NewBar = styled.div`
  position: sticky;
  top: 8px;
  z-index: 2;
  height: 0;
  display: flex;
  justify-content: center;
  button {
    border-radius: 20px;
    box-shadow: 0 2px 8px rgb(0 0 0 / 25%);
  }
`;
// Like the shared TabNav (a row of tabs over a coloured rule), as buttons: these switch a view in
// place. The selected tab is filled and bold, not told by colour alone.
const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  margin: 0 0 12px;
  border-bottom: 2px solid ${(p) => p.theme.colors.primary};
  button {
    min-height: 40px;
    margin: 0 4px 0 0;
    padding: 9px 16px;
    border: 0;
    border-radius: 8px 8px 0 0;
    font: inherit;
    cursor: pointer;
    color: ${(p) => p.theme.colors.link};
    background: ${(p) => p.theme.colors.panel};
  }
  button:hover {
    text-decoration: underline;
  }
  button[aria-selected='true'] {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
    font-weight: 700;
  }
  button:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
