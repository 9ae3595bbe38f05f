/**
 * 写纸条 on another user's space, beside 关注: opens the conversation with them on mf-home's
 * 小纸条 page. Only when the owner takes notes from the viewer now (`SpaceUser.mayScrip`: their
 * setting, follows, age and blocks, the send's own rule); read from the space record the page
 * already holds, so it asks nothing. Not on the own space, nor in an archive.
 */
import { Link, scripPathTo, styled, useArchiveMode, useGetUserInfoQuery } from '@xiaoba/shared';
import type { SpaceOwner } from '../frame/owner';
import { focusRing } from '../ui/controls';

export function WriteScripLink({ owner }: { owner: SpaceOwner }) {
  const archive = useArchiveMode();
  const { data } = useGetUserInfoQuery(owner.uid, { skip: owner.own || archive });
  if (owner.own || archive || data?.mayScrip !== true) return null;
  return <Write to={scripPathTo(owner.uid)}>写纸条</Write>;
}

// Looks like the plain variant of the site's Button, beside 关注.
const Write = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 38px;
  margin: 4px 0 8px 8px;
  padding: 6px 18px;
  border: 1px solid ${(p) => p.theme.colors.primary};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.link};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
`;
