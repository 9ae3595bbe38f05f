/**
 * 关注 / 已关注 on another user's space (issue 18), in its side panel beside the fan and follow
 * counters. A toggle button (`aria-pressed`), one click each way: following is undone as easily
 * as it is done, so no confirmation. Its name stays 关注 whatever the state (a toggle's name must
 * not change, or a screen reader reads "已关注, pressed"); the visible 已 is for the eye only.
 * The state is the space record's (`SpaceUser.following`); the follow calls refresh that record,
 * so the counters follow. Not on the own space, nor in an archive (nothing is written there).
 */
import { useEffect, useState } from 'react';
import { Button, FOLLOW_MSG, notify, styled, useArchiveMode, useFollowAddMutation, useFollowRemoveMutation, type ApiError } from '@xiaoba/shared';
import type { SpaceOwner } from '../frame/owner';
import { focusRing } from '../ui/controls';

export function FollowButton({ owner }: { owner: SpaceOwner }) {
  const archive = useArchiveMode();
  if (owner.own || archive) return null;
  // A new owner starts from their own record, nothing of the previous one's.
  return <Toggle key={owner.uid} uid={owner.uid} following={owner.following} />;
}

function Toggle({ uid, following }: { uid: number; following: boolean }) {
  const [followAdd, { isLoading: adding }] = useFollowAddMutation();
  const [followRemove, { isLoading: removing }] = useFollowRemoveMutation();
  // Flips as soon as the server says yes, before the refreshed record arrives (no double request).
  const [pressed, setPressed] = useState(following);
  useEffect(() => setPressed(following), [following]);
  const busy = adding || removing;

  const toggle = async () => {
    if (busy) return;
    try {
      const res = await (pressed ? followRemove(uid) : followAdd(uid)).unwrap();
      notify.success(res.msg || (pressed ? FOLLOW_MSG.unfollowed : FOLLOW_MSG.followed));
      setPressed(!pressed);
    } catch (err) {
      // The server's words: 对方设置了权限… (blocked), 关注太频繁了… (429), 用户不存在.
      notify.error((err as ApiError).message || '操作失败，请稍后再试');
    }
  };

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
