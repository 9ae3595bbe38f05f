/**
 * Exposed as `./feed`: everyone's yy (the same `YyList` as the space, with comments, replies,
 * reposts and deletes), for the personal centre (mf-home's /home) to compose at run time as a
 * fragment (ADR 6). Imports statically, so the fragment is one load that arrives whole or fails.
 */
import { YyList } from './yy/YyList';

export const FEED_TITLE = '大家的yy';

export default function Feed() {
  return <YyList title={FEED_TITLE} />;
}
