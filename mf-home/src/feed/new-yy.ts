/**
 * The yy posted since a feed was shown: the live stream's `yy` events, counted
 * per tab (大家的yy: every one; 关注的yy: those of people the user follows). The feed never changes
 * by itself: the new yy wait behind a "有N条新yy" bar until the user takes them, which re-reads that
 * feed's pages (mf-space's tags, FEED_LIST_TAG) and resets its count; showing a tab does the same.
 */
import { useState } from 'react';
import { baseApi, FEED_LIST_TAG, useAppDispatch, useLiveEvent, type FeedSource } from '@xiaoba/shared';

// The tag type mf-space's yy-api declares; declared here too so mf-home can name it (idempotent).
const feedApi = baseApi.enhanceEndpoints({ addTagTypes: ['YyList'] });

export function useNewYy() {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState<Readonly<Record<FeedSource, number>>>({ all: 0, following: 0 });
  useLiveEvent('yy', (event) => setPending((p) => ({ all: p.all + 1, following: p.following + (event.following ? 1 : 0) })));
  return {
    pending,
    /** The feed `source` shows what is new: its cached pages are re-read (if anything came) and its count is 0. */
    take(source: FeedSource, always = false) {
      if (always || pending[source] > 0) dispatch(feedApi.util.invalidateTags([{ type: 'YyList', id: FEED_LIST_TAG[source] }]));
      setPending((p) => ({ ...p, [source]: 0 }));
    },
  };
}
