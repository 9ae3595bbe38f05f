/**
 * A visible reminder that this browser loads some remotes from the developer's own machine
 * (`?remote-override=`, only where the operator set REMOTE_OVERRIDES=1), with a button to stop.
 */
import { Button, styled } from '@xiaoba/shared';
import { activeOverrides, stopOverrides } from '../remotes/overrides';

export const OVERRIDE_NOTE = '正在使用本地模块：';

export function OverrideNote({ onStop = () => stopOverrides() }: { onStop?: () => void }) {
  const names = activeOverrides();
  if (!names.length) return null;
  return (
    <Note aria-label="本地模块">
      <span>
        {OVERRIDE_NOTE}
        {names.join('、')}
      </span>
      <Button type="button" onClick={onStop}>
        停止使用本地模块
      </Button>
    </Note>
  );
}

const Note = styled.aside`
  position: fixed;
  right: 12px;
  bottom: 12px;
  z-index: 1001;
  display: flex;
  gap: 10px;
  align-items: center;
  padding: 8px 12px;
  border: 2px dashed ${(p) => p.theme.colors.primary};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  font-weight: 600;
`;
