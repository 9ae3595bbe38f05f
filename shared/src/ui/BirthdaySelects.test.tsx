import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderPage } from '../testing/render';
import { BirthdaySelects } from './BirthdaySelects';
import { EMPTY_BIRTHDAY, type BirthdayValue } from '../core/birthday-value';

// shared's own tests run without the modules' setup file, so they unmount by themselves.
afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState<BirthdayValue>(EMPTY_BIRTHDAY);
  return (
    <>
      <BirthdaySelects value={value} onChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

/** The day numbers a user can pick (without the "--" placeholder). */
const dayChoices = () =>
  Array.from((screen.getByLabelText('日') as HTMLSelectElement).options)
    .map((o) => o.value)
    .filter(Boolean)
    .map(Number);

async function setup() {
  const user = userEvent.setup();
  renderPage(<Harness />);
  await screen.findByLabelText('年');
  return user;
}

describe('BirthdaySelects', () => {
  it('offers the years 1996 up to this year minus 10', async () => {
    await setup();
    const years = Array.from((screen.getByLabelText('年') as HTMLSelectElement).options)
      .map((o) => o.value)
      .filter(Boolean)
      .map(Number);
    expect(years[0]).toBe(new Date().getFullYear() - 10);
    expect(years.at(-1)).toBe(1996);
    expect(screen.getByRole('group', { name: '生日' })).toBeTruthy();
  });

  it('follows the month length and leap years: Feb 2000 has 29 days, Feb 2001 has 28', async () => {
    const user = await setup();
    await user.selectOptions(screen.getByLabelText('年'), '2000');
    await user.selectOptions(screen.getByLabelText('月'), '2');
    expect(dayChoices()).toHaveLength(29);
    await user.selectOptions(screen.getByLabelText('年'), '2001');
    expect(dayChoices()).toHaveLength(28);
    await user.selectOptions(screen.getByLabelText('月'), '4');
    expect(dayChoices()).toHaveLength(30);
    await user.selectOptions(screen.getByLabelText('月'), '12');
    expect(dayChoices()).toHaveLength(31);
  });

  it('clamps a day that no longer exists when the month or year changes', async () => {
    const user = await setup();
    await user.selectOptions(screen.getByLabelText('年'), '2000');
    await user.selectOptions(screen.getByLabelText('月'), '1');
    await user.selectOptions(screen.getByLabelText('日'), '31');

    await user.selectOptions(screen.getByLabelText('月'), '2');
    expect((screen.getByLabelText('日') as HTMLSelectElement).value).toBe('29');

    await user.selectOptions(screen.getByLabelText('年'), '2001');
    expect((screen.getByLabelText('日') as HTMLSelectElement).value).toBe('28');
    expect(screen.getByRole('status').textContent).toBe(JSON.stringify({ year: 2001, month: 2, day: 28 }));
  });
});
