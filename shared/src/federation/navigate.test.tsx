import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Navigate, ServerRedirectContext } from './navigate';

const app = (to: string) => (
  <MemoryRouter initialEntries={['/100001/board']}>
    <Routes>
      <Route path="/:id/board" element={<Navigate to={to} replace />} />
      <Route path="*" element={<h1>到了</h1>} />
    </Routes>
  </MemoryRouter>
);

describe('Navigate', () => {
  it("goes there in the browser, as react-router's does", async () => {
    render(app('/home'));
    expect(await screen.findByRole('heading', { name: '到了' })).toBeTruthy();
  });

  it('in a server render, renders nothing and names the resolved path, query included', () => {
    const named: string[] = [];
    const html = renderToString(
      <ServerRedirectContext.Provider value={(path) => named.push(path)}>{app('../notfound?from=1')}</ServerRedirectContext.Provider>,
    );
    expect(html).toBe('');
    // Relative to the route, as react-router resolves it.
    expect(named).toEqual(['/notfound?from=1']);
  });
});
