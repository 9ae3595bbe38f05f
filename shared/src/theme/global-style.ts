import { createGlobalStyle } from 'styled-components';

/** Base styles and the skin's page background; the only global CSS of the site (owned by the shell). */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    font: 14px/1.6 -apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif;
    color: ${(p) => p.theme.colors.pageText};
    background: ${(p) => p.theme.pageBackground};
    background-attachment: fixed;
    color-scheme: ${(p) => (p.theme.dark ? 'dark' : 'light')};
  }
  a { color: ${(p) => p.theme.colors.link}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${(p) => p.theme.colors.focus}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
