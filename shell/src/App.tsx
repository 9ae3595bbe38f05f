import type { ReactNode } from 'react';
import { GlobalStyle, selectSkin, themeFor, ThemeProvider, Toaster, useAppSelector } from '@xiaoba/shared';

/** The shell's providers: the shown skin's theme, the global styles and the one toaster. */
export function App({ children }: { children: ReactNode }) {
  const skin = useAppSelector(selectSkin);
  const theme = themeFor(skin);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
      <Toaster
        position="top-center"
        toastOptions={{ style: { background: theme.colors.panel, color: theme.colors.text, border: `1px solid ${theme.colors.border}` } }}
      />
    </ThemeProvider>
  );
}
