/**
 * The personal centre's feed: everyone's yy, which belong to mf-space. mf-space exposes them as
 * `./feed` and /home composes that fragment at run time (ADR 6), so comments, replies, reposts
 * and deletes work exactly as in the space and ship with mf-space alone.
 */
import { card, styled } from '@xiaoba/shared';
import { FEED } from '../route-table';
import { RemoteFragment } from './RemoteFragment';

/** mf-space's federation name and its exposed feed (see mf-space/vite.config.ts). */
export const FEED_REMOTE = FEED.remote;
export const FEED_MODULE = FEED.module;
export const FEED_LABEL = '大家的yy';

export function SpaceFeed() {
  return (
    <Area>
      <RemoteFragment remote={FEED_REMOTE} module={FEED_MODULE} label={FEED_LABEL} />
    </Area>
  );
}

const Area = styled.div`
  ${card}
  padding: 14px 18px 18px;
  /* Focused only by script, after a retry brought the feed back. */
  > div:focus {
    outline: none;
  }
`;
