/**
 * The personal centre's feed: the yy, which belong to mf-space. mf-space exposes them as `./feed`
 * and /home composes that fragment at run time (ADR 6), so comments, replies, reposts and deletes
 * work exactly as in the space and ship with mf-space alone. Two tabs above it choose
 * its `source`: 大家的yy (everyone's) or 关注的yy (the people I follow, and mine). The tab lives in
 * the address (`/home?feed=following`), so a reload or a shared link keeps it and the route
 * prefetch (../prefetch.ts) asks only for the tab shown. Yy posted meanwhile (the live stream) wait
 * behind a "有N条新yy" bar above the feed, which never moves by itself (./new-yy.ts).
 */
import { useRef, useState } from 'react';
import { Button, card, LIVE_MSG, styled, useSearchParams, type FeedSource } from '@xiaoba/shared';
import { FEED } from '../route-table';
import { FEED_PARAM, feedSourceOf } from './feed-source';
import { useNewYy } from './new-yy';
import { RemoteFragment, TabList } from '../ui';

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
  const selected = FEED_TABS.findIndex((tab) => tab.source === source);
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

  return (
    <Area>
      {/* The tablist pattern (WAI-ARIA APG): arrows, Home and End move focus and select at once. */}
      <TabList label="看谁的yy" tabs={FEED_TABS} selected={selected} onSelect={choose} panelRef={panelRef}>
        <NewBar aria-live="polite">
          {fresh > 0 && (
            <Button type="button" onClick={showNew}>
              {LIVE_MSG.newYy(fresh)}
            </Button>
          )}
        </NewBar>
        <RemoteFragment remote={FEED_REMOTE} module={FEED_MODULE} label={FEED_TABS[selected]!.label} props={{ source }} renewal={renewal} />
      </TabList>
    </Area>
  );
}

// The panel is focused only by script (the new-yy bar, or a retry that brought the feed back).
// Comments stay out of the CSS strings: those are sent as written.
const Area = styled.div`
  ${card}
  padding: 14px 18px 18px;
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
