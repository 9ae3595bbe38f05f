/**
 * 小纸条 in the header, with the signed-in user's unread notes beside it (GET /api/count/getscrip).
 * The live stream's `scrip` event carries the new count, so it changes within a second of a note
 * without asking; every (re)connect asks again (what came meanwhile). While the stream is not
 * connected it is asked every SCRIP_POLL_MS, paused in a hidden tab, like the notices on /home.
 * The count is said in words in the link's name, not only shown.
 */
import {
  NavLink,
  SCRIP_PATH,
  scripApi,
  selectToken,
  selectUser,
  styled,
  useAppDispatch,
  useAppSelector,
  useArchiveMode,
  useLiveConnected,
  useLiveEvent,
  useScripCountQuery,
} from '@xiaoba/shared';

/** How often the count is asked while the live stream is not connected. */
export const SCRIP_POLL_MS = 60_000;

/** The link's accessible name: says how many are unread. */
export const scripLinkLabel = (unread: number) => (unread > 0 ? `小纸条，${unread}张未读` : '小纸条');

export function ScripLink() {
  // Not before the session is restored (a fresh page has the saved user, no token yet).
  const signedIn = useAppSelector((state) => selectUser(state) !== null && selectToken(state) !== null);
  const archive = useArchiveMode();
  const live = useLiveConnected();
  const dispatch = useAppDispatch();
  // Nothing new arrives in an archive: asked once.
  const { data: unread = 0, refetch } = useScripCountQuery(undefined, {
    skip: !signedIn,
    pollingInterval: live || archive ? 0 : SCRIP_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  useLiveEvent('scrip', (event) => void dispatch(scripApi.util.upsertQueryData('scripCount', undefined, event.unread)));
  useLiveEvent('hello', () => signedIn && void refetch());
  return (
    <NavLink to={SCRIP_PATH} aria-label={scripLinkLabel(unread)}>
      小纸条
      {unread > 0 && <Count> ({unread})</Count>}
    </NavLink>
  );
}

const Count = styled.span`
  font-weight: 700;
`;
