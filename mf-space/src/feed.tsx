/**
 * Exposed as `./feed`: everyone's yy (the same `YyList` as the space, with comments, replies,
 * reposts and deletes), for the personal centre (mf-home's /home) to compose at run time as a
 * fragment (ADR 6). Imports statically, so the fragment is one load that arrives whole or fails.
 */
import type { FragmentPrefetch } from '@xiaoba/shared';
import { YyList } from './yy/YyList';
import { yyApi } from './yy/yy-api';

export const FEED_TITLE = '大家的yy';

export default function Feed() {
  return <YyList title={FEED_TITLE} />;
}

/**
 * The feed's first page, exactly as its YyList asks (`useGetAllYyQuery(1)`), for the composing
 * page's route loader (docs/architecture.md "Route prefetch"): asked while /home renders.
 */
export const prefetch: FragmentPrefetch = (dispatch) => {
  dispatch(yyApi.util.prefetch('getAllYy', 1, { force: false }));
};
