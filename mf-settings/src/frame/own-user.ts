/**
 * The signed-in user with the fields only they may see. A server-rendered page hands the browser the
 * user as its renders got them, without a birthday the user hides from others, so the settings
 * pages that edit the birthday or decide by it (profile, privacy) read the user's own record
 * (`GET /api/user/getinfo`, usually cached since sign-in) and patch the store with it.
 */
import { useEffect } from 'react';
import { authActions, selectUser, useAppDispatch, useAppSelector, useGetInfoQuery, type UserInfo } from '@xiaoba/shared';

export function useOwnUser(): { user: UserInfo | null; known: boolean } {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  // Only when the store lacks the birthday: an empty one is also what a user who never gave it has.
  const { data, isError } = useGetInfoQuery(undefined, { skip: !user || Boolean(user.birthday) });
  const own = data && user && data.uid === user.uid ? data : null;
  useEffect(() => {
    if (own && own.birthday !== user?.birthday) dispatch(authActions.userPatched({ birthday: own.birthday }));
  }, [own, user?.birthday, dispatch]);
  return { user, known: Boolean(user?.birthday) || own !== null || isError };
}
