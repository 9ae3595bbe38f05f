/** Renders a shared UI piece inside the default skin's theme, for shared's own tests only. */
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { themeFor } from '../theme/skins';

const Themed = ({ children }: { children: ReactNode }) => <ThemeProvider theme={themeFor('')}>{children}</ThemeProvider>;

export function renderThemed(element: ReactElement) {
  return render(element, { wrapper: Themed });
}
