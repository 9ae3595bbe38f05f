/**
 * Modal dialog on the native <dialog> element: showModal() makes the rest of the page inert and
 * keeps focus inside, Escape arrives as a cancelable `cancel` event, and focus returns to the
 * opener on close. Every way of closing (Escape, the close button, a click on the backdrop) goes
 * through `onRequestClose`, so a dialog like the rules one can refuse it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

export interface DialogProps {
  open: boolean;
  title: string;
  onRequestClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}

export function Dialog({ open, title, onRequestClose, children, footer, width = 520 }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <Frame
      ref={ref}
      aria-labelledby={titleId}
      style={{ width: `min(${width}px, calc(100vw - 24px))` }}
      onCancel={(e) => {
        e.preventDefault();
        onRequestClose();
      }}
      onClick={(e) => {
        // A click on the <dialog> box itself (not its content) is a click on the backdrop.
        if (e.target === e.currentTarget) onRequestClose();
      }}
    >
      {open && (
        <Inner>
          <Head>
            <h2 id={titleId}>{title}</h2>
            <Close type="button" aria-label="关闭" onClick={onRequestClose}>
              ×
            </Close>
          </Head>
          <Body>{children}</Body>
          {footer && <Foot>{footer}</Foot>}
        </Inner>
      )}
    </Frame>
  );
}

const Frame = styled.dialog`
  padding: 0;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 10px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
`;
const Inner = styled.div`
  padding: 16px 20px 18px;
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  h2 {
    margin: 0;
    font-size: 18px;
  }
`;
const Close = styled.button`
  border: 0;
  background: transparent;
  color: ${(p) => p.theme.colors.muted};
  font-size: 24px;
  line-height: 1;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  cursor: pointer;
  &:hover {
    background: ${(p) => p.theme.colors.border};
  }
`;
const Body = styled.div`
  margin-top: 12px;
  max-height: 65vh;
  overflow: auto;
`;
const Foot = styled.div`
  margin-top: 16px;
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;
