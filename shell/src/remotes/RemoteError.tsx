/**
 * Shown in a remote's area when its code cannot be loaded (or its page fails): a clear message and
 * a retry that recovers without a page reload. The header and every other route keep working.
 */
import { useState } from 'react';
import { useRevalidator } from '@xiaoba/shared';
import { styled } from '@xiaoba/shared';
import { Button } from '@xiaoba/shared';
import { resetRemote } from './registry';

export const REMOTE_FAILED = '这个页面暂时加载失败了，请检查网络后重试。';

export function RemoteError({ remote }: { remote: string }) {
  const revalidator = useRevalidator();
  const [retrying, setRetrying] = useState(false);

  async function retry() {
    setRetrying(true);
    await resetRemote(remote);
    await revalidator.revalidate();
    setRetrying(false);
  }

  return (
    <Box role="alert">
      <h1>页面加载失败</h1>
      <p>{REMOTE_FAILED}</p>
      <Button type="button" onClick={retry} aria-busy={retrying} disabled={retrying}>
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
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { color: ${(p) => p.theme.colors.muted}; margin: 0 0 18px; }
`;
