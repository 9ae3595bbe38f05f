/**
 * A list of people, one row each (/search's 用户, 我的关注 / 我的粉丝): avatar, who (`Who`: the name
 * linking to their space, what the page adds after it, 互相关注, the small signature, the page's
 * further lines) and a 关注 / 回关 button. The pages draw the avatar and the button: they differ there.
 * Its own chunk, shared by those pages only (/home shows none of it).
 */
import type { ReactNode } from 'react';
import { Link, RichText, styled } from '@xiaoba/shared';

export function Who({
  user,
  to,
  name = user.name,
  after,
  children,
}: {
  user: { name: string; qianming: string; following: boolean; followsMe: boolean };
  /** Their space: `/<uid>`, or `/my` for oneself. */
  to: string;
  /** The name as shown (e.g. with the searched words marked). */
  name?: ReactNode;
  /** After the name, on its line (e.g. the 米米号). */
  after?: ReactNode;
  /** Lines under the signature (e.g. when they followed). */
  children?: ReactNode;
}) {
  return (
    <div className="who">
      <p>
        <Link to={to} className="name">
          {name}
        </Link>
        {after}
        {user.following && user.followsMe && <span className="mutual">互相关注</span>}
      </p>
      {user.qianming && (
        <p className="signature">
          <RichText text={user.qianming} />
        </p>
      )}
      {children}
    </div>
  );
}

// .mimi (the 米米号) and .mutual (互相关注) never break inside (互 / 相关注 on a 390 px phone).
export const UserList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 12px 0;
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  li:first-child {
    border-top: 0;
  }
  .who {
    flex: 1;
    min-width: 0;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .name {
    font-weight: 700;
  }
  .mimi,
  .mutual {
    display: inline-block;
    margin-left: 8px;
    font-size: 12px;
    white-space: nowrap;
  }
  .mimi {
    color: ${(p) => p.theme.colors.muted};
  }
  .mutual {
    padding: 0 6px;
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: 8px;
  }
  .signature,
  .when {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  .signature img {
    width: 18px;
    height: 18px;
  }
  .when time {
    margin-left: 4px;
  }
`;
