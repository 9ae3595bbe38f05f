/**
 * The 关注 / 已关注 toggle's behaviour, shared by mf-space (a space's side panel) and mf-home (the
 * follow lists and 新粉丝's 回关): one request at a time, the state flips as soon as the server says
 * yes (before the refreshed records arrive), and the server's words are shown either way.
 */
import { useEffect, useState } from 'react';
import { FOLLOW_MSG } from '../core/follows';
import { notify } from '../ui/toast';
import type { ApiError } from './base-api';
import { useFollowAddMutation, useFollowRemoveMutation } from './follow-api';

export function useFollowToggle(uid: number, following: boolean): { pressed: boolean; busy: boolean; toggle: () => Promise<void> } {
  const [followAdd, { isLoading: adding }] = useFollowAddMutation();
  const [followRemove, { isLoading: removing }] = useFollowRemoveMutation();
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
  return { pressed, busy, toggle };
}
