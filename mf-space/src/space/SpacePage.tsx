/**
 * /{id}: the gate of another user's space. The id must be a positive integer,
 * else /notfound; the own uid redirects to /my (keeping the child, so /{uid}/board goes to
 * /my/board); otherwise the user is fetched and a failed fetch goes to /notfound. The owner is
 * handed to the child pages through SpaceOwnerContext.
 */
import { useMemo } from 'react';
import { Navigate, Outlet, selectUser, useAppSelector, useGetUserInfoQuery, useLocation, useParams } from '@xiaoba/shared';
import { ownerFromSpaceUser } from '../frame/owner';
import { Pending } from '../frame/Pending';
import { SpaceOwnerContext } from './owner-context';
import { parseSpaceId } from './space-id';

export default function SpacePage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const uid = parseSpaceId(id);
  const ownUid = useAppSelector(selectUser)?.uid;
  const own = uid !== null && uid === ownUid;
  const { currentData, error } = useGetUserInfoQuery(uid ?? 0, { skip: uid === null || own });
  const owner = useMemo(() => (currentData ? ownerFromSpaceUser(currentData) : null), [currentData]);

  if (uid === null) return <Navigate to="/notfound" replace />;
  if (own) return <Navigate to={`/my${pathname.slice(`/${id}`.length)}`} replace />;
  if (error) {
    // A 401 here means the refresh failed too: the session hook is already taking the user to /login.
    if ('status' in error && error.status === 401) return <Pending />;
    return <Navigate to="/notfound" replace />;
  }
  if (!owner) return <Pending />;
  return (
    <SpaceOwnerContext.Provider value={owner}>
      <Outlet />
    </SpaceOwnerContext.Provider>
  );
}
