/**
 * Shown in a remote's area when its code cannot be loaded (or its page fails): a clear message and
 * a retry that recovers without a page reload. The header and every other route keep working.
 * A remote refused for its build contract (RemoteContractError) says so, naming the mismatch.
 */
import { useState } from 'react';
import { Button, styled, useLocation, useNavigate, useNavigation, useRouteError } from '@xiaoba/shared';
import { RemoteContractError, resetRemote } from './registry';

export const REMOTE_FAILED = '这个页面暂时加载失败了，请检查网络后重试。';
/** A published remote built against other shared libraries than the shell: not loaded, so nothing breaks. */
export const REMOTE_INCOMPATIBLE = '这个页面的版本与网站其他部分不匹配，暂时无法打开，请稍后再试。';

export function RemoteError({ remote }: { remote: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const error = useRouteError();
  const mismatch = error instanceof RemoteContractError ? error.mismatch : undefined;
  const [resetting, setResetting] = useState(false);
  // Shown busy while the router reloads the route, but only disabled while the remote is being
  // re-registered: a load hanging on a dead connection must never lock the button.
  const retrying = resetting || navigation.state === 'loading';

  async function retry() {
    setResetting(true);
    try {
      await resetRemote(remote);
    } finally {
      setResetting(false);
    }
    // A navigation to this same page (not a revalidation) so the router drops the old error even
    // when the remote now arrives at once.
    void navigate(location, { replace: true, state: location.state });
  }

  return (
    <Box role="alert">
      <h1>页面加载失败</h1>
      <p>{mismatch === undefined ? REMOTE_FAILED : REMOTE_INCOMPATIBLE}</p>
      {mismatch !== undefined && (
        <Details>
          不匹配：{remote} {mismatch}
        </Details>
      )}
      <Button type="button" onClick={retry} aria-busy={retrying} disabled={resetting}>
        {retrying ? '正在重试…' : '重试'}
      </Button>
    </Box>
  );
}

const Box = styled.section`
  max-width: 520px;
  margin: 48px auto;
  padding: 28px 24px;
  text-align: center;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 10px;
  h1 {
    font-size: 20px;
    margin: 0 0 8px;
  }
  p {
    color: ${(p) => p.theme.colors.muted};
    margin: 0 0 18px;
  }
`;
/** The technical detail, for the team that published the remote; small and selectable. */
const Details = styled.p`
  font-family: ui-monospace, monospace;
  font-size: 12px;
  overflow-wrap: anywhere;
`;
