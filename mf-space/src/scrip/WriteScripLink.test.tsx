/** 写纸条 on another user's space: only when they take notes from the viewer, never on the own space or in an archive. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@xiaoba/shared/testing';
import { other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';

const panel = () => screen.findByRole('complementary', { name: '个人资料' });

describe('写纸条 on another user’s space', () => {
  it('shows when the owner takes notes from the viewer, leading to the conversation, asking nothing more', async () => {
    const calls = spaceServer((call) => (call.path === '/user/getuserinfo/10002' ? ok({ ...other, mayScrip: true }) : undefined));
    renderSpace('/10002');
    const side = await panel();
    const link = within(side).getByRole('link', { name: '写纸条' });
    expect(link.getAttribute('href')).toBe('/system/scrip/10002');
    expect(calls.filter((c) => c.path === '/user/getuserinfo/10002')).toHaveLength(1);
  });

  it.each([
    ['the owner does not take notes from the viewer', false],
    ['an older server says nothing', undefined],
  ])('is not offered when %s', async (_case, mayScrip) => {
    spaceServer((call) => (call.path === '/user/getuserinfo/10002' ? ok({ ...other, ...(mayScrip === undefined ? {} : { mayScrip }) }) : undefined));
    renderSpace('/10002');
    const side = await panel();
    expect(within(side).getByRole('heading', { name: '小明' })).toBeTruthy();
    expect(within(side).queryByRole('link', { name: '写纸条' })).toBeNull();
  });

  it('is not on the own space', async () => {
    spaceServer();
    renderSpace('/my', signedIn);
    const side = await panel();
    expect(within(side).queryByRole('link', { name: '写纸条' })).toBeNull();
  });

  it('is not offered in archive mode', async () => {
    spaceServer((call) => (call.path === '/user/getuserinfo/10002' ? ok({ ...other, mayScrip: true }) : undefined));
    renderSpace('/10002', { ...signedIn, ui: { loading: false, skin: '', archive: true } });
    const side = await panel();
    expect(within(side).getByRole('heading', { name: '小明' })).toBeTruthy();
    expect(within(side).queryByRole('link', { name: '写纸条' })).toBeNull();
  });
});
