import { css } from 'styled-components';

/** The site's themed card: panel colours, border and corners of the shown skin. */
export const card = css`
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 10px;
`;
