import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@xiaoba/shared/testing';
import { TabList } from './TabList';

const TABS = [{ label: '甲' }, { label: '乙' }, { label: '丙' }];

function Three() {
  const [selected, setSelected] = useState(0);
  return (
    <TabList label="三个" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>内容{TABS[selected]!.label}</p>
    </TabList>
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('TabList', () => {
  it('is a labelled tablist whose panel is named by the selected tab; only that tab is in the Tab order', () => {
    renderPage(<Three />);
    expect(screen.getByRole('tablist', { name: '三个' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: '甲' });
    expect(panel.textContent).toBe('内容甲');
    expect(screen.getByRole('tab', { name: '甲' }).getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('arrows go round, Home and End go to the ends; each moves focus and selects', async () => {
    const user = userEvent.setup();
    renderPage(<Three />);
    await user.click(screen.getByRole('tab', { name: '甲' }));
    const steps: Array<[string, string]> = [
      ['{ArrowLeft}', '丙'],
      ['{ArrowLeft}', '乙'],
      ['{ArrowRight}', '丙'],
      ['{ArrowRight}', '甲'],
      ['{End}', '丙'],
      ['{Home}', '甲'],
    ];
    for (const [key, name] of steps) {
      await user.keyboard(key);
      expect(selectedTab().textContent).toBe(name);
      expect(document.activeElement).toBe(selectedTab());
      expect(screen.getByRole('tabpanel', { name }).textContent).toBe(`内容${name}`);
    }
    // Other keys do nothing.
    await user.keyboard('{ArrowDown}');
    expect(selectedTab().textContent).toBe('甲');
  });

  it('a click selects', async () => {
    const user = userEvent.setup();
    renderPage(<Three />);
    await user.click(screen.getByRole('tab', { name: '乙' }));
    expect(selectedTab().textContent).toBe('乙');
  });
});
