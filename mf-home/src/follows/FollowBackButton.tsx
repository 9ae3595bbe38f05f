/**
 * 关注 / 回关 beside a user in the 我的关注 / 我的粉丝 lists and in the "X 关注了你" notices (issue
 * 18). A toggle (`aria-pressed`), one click each way, like the space's 关注 button: following is
 * undone as easily as it is done. Its name stays the same in both states (回关 for someone who
 * follows the user, in a fan's row, else 关注, with the person's name, since a list has many); the visible 已 of
 * 已关注 / 已回关 is for the eye only. Hidden in an archive: nothing is written there.
 */
import { Button, styled, useArchiveMode, useFollowToggle } from '@xiaoba/shared';

export interface FollowBackButtonProps {
  uid: number;
  name: string;
  /** The user follows them already. */
  following: boolean;
  /** A fan's row (我的粉丝, 新粉丝): the button offers 回关; elsewhere 关注. */
  back: boolean;
}

export function FollowBackButton({ uid, name, following, back }: FollowBackButtonProps) {
  const archive = useArchiveMode();
  const { pressed, busy, toggle } = useFollowToggle(uid, following);
  if (archive) return null;
  const verb = back ? '回关' : '关注';

  return (
    <Toggle type="button" $variant={pressed ? 'plain' : 'primary'} aria-pressed={pressed} aria-busy={busy || undefined} onClick={() => void toggle()}>
      <span>
        {pressed && <span aria-hidden="true">已</span>}
        {verb}
      </span>
      <span className="visually-hidden"> {name}</span>
    </Toggle>
  );
}

const Toggle = styled(Button)`
  flex: none;
  min-width: 72px;
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
