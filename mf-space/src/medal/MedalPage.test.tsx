import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEDAL_HOW, MEDALS, type MedalEntry } from '@xiaoba/shared/space-features';
import { ok } from '@xiaoba/shared/testing';
import { other, renderSpace, spaceServer } from '../testing/fixtures';

/** Every medal of the catalogue as the server answers it; `earned` maps ids to their unix time. */
const answer = (earned: Partial<Record<MedalEntry['id'], number>>): MedalEntry[] =>
  MEDALS.map((m) => ({ id: m.id, name: m.name, how: MEDAL_HOW[m.id], earned: earned[m.id] !== undefined, earnedAt: earned[m.id] ?? null }));

describe('the medal page', () => {
  it('/{id}/medal lists each medal with its picture, how it is earned, and when, or 未获得', async () => {
    const at = Math.floor(new Date(2024, 5, 15, 9, 30).getTime() / 1000);
    const calls = spaceServer((call) => (call.path === `/medal/list/${other.uid}` ? ok(answer({ popular: at })) : undefined));
    renderSpace(`/${other.uid}/medal`);
    const list = await screen.findByRole('list', { name: '小明的勋章' });
    expect(screen.getByRole('heading', { level: 2, name: '小明的勋章' })).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(MEDALS.map((m) => m.name));
    const popular = items[2]!;
    expect(within(popular).getByRole('img', { name: '人气勋章' })).toBeTruthy();
    expect(popular.textContent).toContain('有10个粉丝。');
    expect(
      within(popular)
        .getByText(/获得于/)
        .querySelector('time')!
        .getAttribute('dateTime'),
    ).toBe(new Date(at * 1000).toISOString());
    const newbie = items[0]!;
    expect(within(newbie).getByRole('img', { name: '新手勋章（未获得）' })).toBeTruthy();
    expect(within(newbie).getByText('未获得')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/medal/')).length).toBe(1);
  });

  it('/my/medal is the own medal page; a failed answer offers a retry', async () => {
    spaceServer((call) => (call.path.startsWith('/medal/') ? { status: 500 } : undefined));
    renderSpace('/my/medal');
    expect(await screen.findByRole('heading', { level: 2, name: '我的勋章' })).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
