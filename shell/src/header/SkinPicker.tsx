/**
 * Skin picker: choosing a skin previews it on the page; save persists it through
 * `updateskin` (nothing to send when unchanged); cancel, Escape or closing restores the saved skin.
 */
import { useEffect, useRef } from 'react';
import {
  authActions,
  Button,
  errorMessage,
  notify,
  selectSkin,
  selectUser,
  type SkinId,
  SKINS,
  styled,
  themes,
  uiActions,
  useAppDispatch,
  useAppSelector,
  useUpdateSkinMutation,
} from '@xiaoba/shared';

export const SKIN_SAVED = '装扮成功！';
export const SKIN_CANCELLED = '取消装扮';

export function SkinPicker({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const shown = useAppSelector(selectSkin);
  const saved = useAppSelector(selectUser)?.skin ?? '';
  const [updateSkin, { isLoading }] = useUpdateSkinMutation();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, []);

  function cancel() {
    dispatch(uiActions.showSkin(saved));
    notify.info(SKIN_CANCELLED);
    onClose();
  }

  async function save() {
    if (shown === saved) return onClose();
    try {
      await updateSkin(shown).unwrap();
      dispatch(authActions.skinSaved(shown));
      notify.success(SKIN_SAVED);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <Panel
      id="skin-picker"
      ref={panel}
      role="dialog"
      aria-label="选择装扮"
      onKeyDown={(e) => {
        if (e.key === 'Escape') cancel();
      }}
    >
      <fieldset>
        <legend>选择装扮</legend>
        <Grid>
          {SKINS.map(({ id, name }) => (
            <Swatch key={id || 'default'} $skin={id}>
              <input type="radio" name="skin" value={id} checked={shown === id} onChange={() => dispatch(uiActions.showSkin(id as SkinId))} />
              <span className="preview" aria-hidden="true" />
              <span className="name">{name}</span>
            </Swatch>
          ))}
        </Grid>
      </fieldset>
      <Actions>
        <Button type="button" $variant="plain" onClick={cancel}>
          取消
        </Button>
        <Button type="button" onClick={save} disabled={isLoading} aria-busy={isLoading}>
          保存
        </Button>
      </Actions>
    </Panel>
  );
}

const Panel = styled.section`
  position: absolute;
  right: 12px;
  top: 100%;
  z-index: 50;
  width: min(420px, calc(100vw - 24px));
  padding: 12px 14px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 0 0 10px 10px;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25);
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
  }
  legend {
    font-weight: 700;
    margin-bottom: 8px;
  }
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(110px, 1fr));
  gap: 8px;
`;
const Swatch = styled.label<{ $skin: SkinId }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 6px;
  border: 2px solid transparent;
  border-radius: 8px;
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${(p) => p.theme.colors.primary};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${(p) => p.theme.colors.focus};
  }
  input {
    position: absolute;
    opacity: 0;
  }
  .preview {
    height: 46px;
    border-radius: 6px;
    background: ${(p) => themes[p.$skin].pageBackground};
    border-top: 10px solid ${(p) => themes[p.$skin].colors.header};
  }
  .name {
    font-size: 13px;
    text-align: center;
  }
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 12px;
`;
