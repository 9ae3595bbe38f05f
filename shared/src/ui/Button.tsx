import styled, { css } from 'styled-components';

/** The site's button: primary (filled) or plain (outlined), with a busy state for submits. */
export const Button = styled.button<{ $variant?: 'primary' | 'plain' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 38px;
  padding: 6px 18px;
  border-radius: 6px;
  font-weight: 600;
  cursor: pointer;
  border: 1px solid ${(p) => p.theme.colors.primary};
  ${(p) =>
    p.$variant === 'plain'
      ? css`
          background: ${p.theme.colors.panel};
          color: ${p.theme.colors.link};
        `
      : css`
          background: ${p.theme.colors.primary};
          color: ${p.theme.colors.onPrimary};
        `}
  &:disabled, &[aria-busy='true'] {
    opacity: 0.65;
    cursor: progress;
  }
`;
