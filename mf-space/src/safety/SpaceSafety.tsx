/**
 * 拉黑 / 取消拉黑 and 举报 on another user's space, in its side panel: easy to find, as
 * child-safety codes ask. The block state is the space record's (`SpaceUser.blocked`), which the
 * block calls refresh. Not on the own space, nor in an archive (nothing is written there).
 */
import { useState } from 'react';
import { ReportDialog, styled, useArchiveMode } from '@xiaoba/shared';
import type { SpaceOwner } from '../frame/owner';
import { controlBox, focusRing } from '../ui/controls';
import { BlockDialog } from './BlockDialog';

type Open = 'block' | 'report' | null;

export function SpaceSafety({ owner }: { owner: SpaceOwner }) {
  const archive = useArchiveMode();
  const [open, setOpen] = useState<Open>(null);
  // Mounted once opened: the native dialog then hands focus back to its button on close.
  const [opened, setOpened] = useState<Open[]>([]);
  if (owner.own || archive) return null;

  const show = (which: Exclude<Open, null>) => {
    setOpened((o) => (o.includes(which) ? o : [...o, which]));
    setOpen(which);
  };
  const close = () => setOpen(null);
  const user = { uid: owner.uid, name: owner.name };

  return (
    <Actions role="group" aria-label="拉黑和举报">
      <button type="button" onClick={() => show('block')}>
        {owner.blocked ? '取消拉黑' : '拉黑'}
      </button>
      <button type="button" onClick={() => show('report')}>
        举报
      </button>
      {opened.includes('block') && <BlockDialog open={open === 'block'} user={user} blocked={owner.blocked} onClose={close} />}
      {opened.includes('report') && (
        <ReportDialog open={open === 'report'} target={{ kind: 'user', id: owner.uid }} subject={`${owner.name}的空间`} onClose={close} />
      )}
    </Actions>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 8px 0;
  > button {
    min-height: 32px;
    padding: 5px 10px;
    ${controlBox}
    color: ${(p) => p.theme.colors.muted};
    font: inherit;
    font-size: 14px;
    cursor: pointer;
    ${focusRing}
  }
  > button:hover {
    border-color: ${(p) => p.theme.colors.danger};
    color: ${(p) => p.theme.colors.danger};
  }
`;
