/** Style pieces the space's small controls share: chips, small buttons, inputs and textareas. */
import { css } from '@xiaoba/shared';

/** The focus outline every control shows; declarations only, for any selector. */
export const focusOutline = css`
  outline: 3px solid ${(p) => p.theme.colors.focus};
  outline-offset: 1px;
`;

/** The focus outline on the styled element itself, when focused from the keyboard. */
export const focusRing = css`
  &:focus-visible {
    ${focusOutline}
  }
`;

/** The thin-bordered, rounded box on the panel background of inputs, chips and small buttons. */
export const controlBox = css`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
`;

/** A text input's or textarea's box: the control box with the text colour and the page's font. */
export const textFieldBox = css`
  ${controlBox}
  color: ${(p) => p.theme.colors.text};
  font: inherit;
`;
