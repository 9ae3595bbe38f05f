import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager, pageItems } from './Pager';
import { renderThemed } from './test-theme';

afterEach(cleanup);

describe('pageItems', () => {
  it('lists every page up to 7', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('is compact with ellipses for many pages', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'gap', 15, 16, 17, 'gap', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageItems(99, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
  });
});

describe('Pager', () => {
  it.each([0, 1, -1, Number.NaN])('renders nothing when pages is %s', (pages) => {
    const { container } = renderThemed(<Pager page={1} pages={pages} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('is a labelled nav with previous, next and page buttons, the current one marked', () => {
    renderThemed(<Pager page={2} pages={3} onChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['上一页', '1', '2', '3', '下一页']);
    expect(screen.getByRole('button', { name: '第2页' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: '第1页' }).hasAttribute('aria-current')).toBe(false);
  });

  it('takes another label', () => {
    renderThemed(<Pager page={1} pages={2} onChange={() => {}} label="留言分页" />);
    expect(screen.getByRole('navigation', { name: '留言分页' })).toBeTruthy();
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = renderThemed(<Pager page={1} pages={3} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(false);
    rerender(<Pager page={3} pages={3} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('calls onChange with the page asked for, not for the current page', async () => {
    const onChange = vi.fn();
    renderThemed(<Pager page={5} pages={20} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await user.click(screen.getByRole('button', { name: '上一页' }));
    await user.click(screen.getByRole('button', { name: '第20页' }));
    await user.click(screen.getByRole('button', { name: '第5页' }));
    expect(onChange.mock.calls).toEqual([[6], [4], [20]]);
    expect(screen.getByRole('navigation').textContent).toContain('…');
  });
});
