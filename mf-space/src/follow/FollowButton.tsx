/**
 * 关注 / 已关注 on another user's space, in its side panel beside the fan and follow
 * counters. A toggle button (`aria-pressed`), one click each way: following is undone as easily
 * as it is done, so no confirmation. Its name stays 关注 whatever the state (a toggle's name must
 * not change, or a screen reader reads "已关注, pressed"); the visible 已 is for the eye only.
 * The state is the space record's (`SpaceUser.following`); the follow calls refresh that record,
 * so the counters follow. Not on the own space, nor in an archive (nothing is written there), nor
 * where the owner does not accept new followers from the viewer (`mayFollow`), unless the viewer
 * already follows them: then it stays, to unfollow, until the space is opened again (it does not
 * vanish under the finger or the keyboard focus).
 */
import { useState } from 'react';
import { Button, styled, useArchiveMode, useFollowToggle } from '@xiaoba/shared';
import type { SpaceOwner } from '../frame/owner';
import { focusRing } from '../ui/controls';

export function FollowButton({ owner }: { owner: SpaceOwner }) {
  const archive = useArchiveMode();
  if (owner.own || archive) return null;
  // A new owner starts from their own record, nothing of the previous one's.
  return <Toggle key={owner.uid} uid={owner.uid} following={owner.following} mayFollow={owner.mayFollow} />;
}

function Toggle({ uid, following, mayFollow }: { uid: number; following: boolean; mayFollow: boolean }) {
  const { pressed, busy, toggle } = useFollowToggle(uid, following);
  // Decided when the space opens: a follower who unfollows keeps the button until they leave.
  const [shown] = useState(mayFollow || following);
  if (!shown) return null;

  return (
    <Toggler type="button" $variant={pressed ? 'plain' : 'primary'} aria-pressed={pressed} aria-busy={busy || undefined} onClick={() => void toggle()}>
      {/* One flex item: the button's gap would otherwise split 已 from 关注. */}
      <span>{pressed && <span aria-hidden="true">已</span>}关注</span>
    </Toggler>
  );
}

const Toggler = styled(Button)`
  min-width: 88px;
  margin: 4px 0 8px;
  ${focusRing}
`;
