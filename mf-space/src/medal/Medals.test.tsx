import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveBus } from '@xiaoba/shared';
import { type MedalEntry } from '@xiaoba/shared/space-features';
import { ok } from '@xiaoba/shared/testing';
import { me, other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';

const sidePanel = () => screen.findByRole('complementary', { name: '个人资料' });
const pictures = (panel: HTMLElement) =>
  within(within(panel).getByRole('list', { name: '勋章' }))
    .getAllByRole('img')
    .map((m) => m.getAttribute('aria-label'));
const entry = (id: MedalEntry['id'], name: string, earnedAt: number | null): MedalEntry => ({ id, name, how: '…', earned: earnedAt !== null, earnedAt });

describe('the side panel medals', () => {
  it("shows another user's earned medals in colour, the rest grey, and counts them, a link to their medal page", async () => {
    spaceServer((call) => (call.path.startsWith('/user/getuserinfo/') ? ok({ ...other, medals: ['newbie', 'friendship'] }) : undefined));
    renderSpace('/10002');
    const panel = await sidePanel();
    expect(pictures(panel)).toEqual(['新手勋章', '才艺勋章（未获得）', '人气勋章（未获得）', '友谊勋章', '元老勋章（未获得）']);
    expect(within(panel).getByRole('link', { name: '勋章(2)' }).getAttribute('href')).toBe('/10002/medal');
  });

  it('an older answer without medals reads as none earned', async () => {
    spaceServer();
    renderSpace('/10002');
    const panel = await sidePanel();
    expect(within(panel).getByRole('link', { name: '勋章(0)' })).toBeTruthy();
    expect(pictures(panel).every((alt) => alt!.endsWith('（未获得）'))).toBe(true);
  });

  it('on the own space, from the store without a request; a new system notice asks the medals again', async () => {
    const calls = spaceServer((call) => (call.path === `/medal/list/${me.uid}` ? ok([entry('newbie', '新手勋章', 1_700_000_000)]) : undefined));
    renderSpace('/my', { ...signedIn, auth: { ...signedIn.auth, user: { ...me, medals: [] } } });
    const panel = await sidePanel();
    expect(within(panel).getByRole('link', { name: '勋章(0)' }).getAttribute('href')).toBe('/my/medal');
    expect(calls.some((c) => c.path.startsWith('/medal/'))).toBe(false);
    act(() => liveBus.emit({ type: 'notice', kind: 'system' }));
    expect(await within(panel).findByRole('link', { name: '勋章(1)' })).toBeTruthy();
    expect(pictures(panel)[0]).toBe('新手勋章');
  });
});
