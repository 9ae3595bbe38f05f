/**
 * What an empty 关注的yy says: to someone who follows nobody, how to start; to someone
 * whose follows have not posted yet, just that. The own follow count is the own info's
 * (`getInfo`, refreshed by every follow call), usually in the cache already since sign-in.
 */
import { styled, useGetInfoQuery } from '@xiaoba/shared';

export const NO_FOLLOWS = '你还没有关注任何人，去老同学的空间点「关注」吧';
export const FOLLOWS_SILENT = '你关注的人还没有发过yy';

export function FollowingEmpty() {
  const { data: me, isError } = useGetInfoQuery();
  // Said once the count is known (or cannot be): no message that changes under the reader's eyes.
  if (!me && !isError) return null;
  return <Note>{(me?.follows ?? 0) > 0 ? FOLLOWS_SILENT : NO_FOLLOWS}</Note>;
}

const Note = styled.p`
  margin: 12px 0;
`;
