/**
 * /search's route prefetch (../prefetch.ts loads this chunk only when /search is visited, so /home
 * and the other pages carry none of it; SearchPage shares its imports, which the server preloads
 * with the page): the tab the address shows, page 1 for its words. The 用户 tab: exactly
 * SearchPage's `useSearchUsersQuery({ q, page: 1 })`. ?tab=diary: page 1 of the 日志 found. ?tab=yy: mf-space's `./feed` fragment's code
 * at once, then its own `prefetch(dispatch, 'all', q)`. Nothing for missing or overlong words.
 */
import { loadRemoteModule, type AppDispatch, type PagePrefetch } from '@xiaoba/shared';
import { diarySearchApi } from './diary-search-api';
import { searchApi } from './search-api';
import { SEARCH_FEED, searchQueryOf, searchTabOf } from './search-params';

interface SearchingFragment {
  prefetch?: (dispatch: AppDispatch, source?: 'all', search?: string) => void;
}

export const prefetchSearch: PagePrefetch = ({ dispatch, url, whenSignedIn }) => {
  const query = searchQueryOf(url.searchParams);
  if (!query.ok) return;
  const q = query.value;
  const tab = searchTabOf(url.searchParams);
  if (tab === 'user') {
    whenSignedIn(() => dispatch(searchApi.util.prefetch('searchUsers', { q, page: 1 }, { force: false })));
    return;
  }
  // ?tab=diary: exactly DiaryResults' `useSearchDiaryQuery({ q, page: 1 })`.
  if (tab === 'diary') {
    whenSignedIn(() => dispatch(diarySearchApi.util.prefetch('searchDiary', { q, page: 1 }, { force: false })));
    return;
  }
  // A failure here is the area's to show (RemoteFragment asks again and offers 重试).
  const feed = loadRemoteModule<SearchingFragment>(SEARCH_FEED.remote, SEARCH_FEED.module).catch(() => undefined);
  whenSignedIn(() => {
    void feed.then((module) => {
      if (typeof module?.prefetch === 'function') module.prefetch(dispatch, 'all', q);
    });
  });
};
