/** 关注 / 已关注 in another user's side panel: states, what is sent, counters, refusals, where it is not. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BLOCK_MSG, FOLLOW_MSG } from '@xiaoba/shared';
import { fail, ok, type Reply } from '@xiaoba/shared/testing';
import { other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';

const panel = () => screen.findByRole('complementary', { name: '个人资料' });
/** The value shown after a label (粉丝, 关注) in the side panel. */
const fact = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;

/** 小明's space (2 fans); the follow calls change what getuserinfo answers, as the server's would. */
function followingServer(refuse?: Reply) {
  let following = false;
  return spaceServer((call) => {
    if (call.path === '/user/getuserinfo/10002') return ok({ ...other, fans: following ? 3 : 2, following });
    if (call.path === '/follow/add') {
      if (refuse) return refuse;
      following = true;
      return { status: 200, body: { code: 200, msg: FOLLOW_MSG.followed } };
    }
    if (call.path === '/follow/remove') {
      following = false;
      return { status: 200, body: { code: 200, msg: FOLLOW_MSG.unfollowed } };
    }
    return undefined;
  });
}

describe('关注 on another user’s space', () => {
  it('follows with one click and unfollows with another; the toggle, toasts and fan count follow', async () => {
    const calls = followingServer();
    const user = userEvent.setup();
    renderSpace('/10002');
    const side = await panel();
    const button = within(side).getByRole('button', { name: '关注', pressed: false });
    expect(button.textContent).toBe('关注');
    expect(fact(side, '粉丝')).toBe('2');

    await user.click(button);
    expect(await screen.findByText(FOLLOW_MSG.followed)).toBeTruthy();
    // Same button, same name (a toggle's name stays), now pressed and reading 已关注.
    expect(await within(side).findByRole('button', { name: '关注', pressed: true })).toBe(button);
    expect(button.textContent).toBe('已关注');
    await waitFor(() => expect(fact(side, '粉丝')).toBe('3'));

    await user.click(button);
    expect(await screen.findByText(FOLLOW_MSG.unfollowed)).toBeTruthy();
    expect(await within(side).findByRole('button', { name: '关注', pressed: false })).toBe(button);
    await waitFor(() => expect(fact(side, '粉丝')).toBe('2'));
    expect(calls.filter((c) => c.path.startsWith('/follow/')).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/follow/add', { uid: 10002 }],
      ['POST', '/follow/remove', { uid: 10002 }],
    ]);
  });

  it('starts as 已关注 when the space record says the user follows them', async () => {
    spaceServer((call) => (call.path === '/user/getuserinfo/10002' ? ok({ ...other, following: true }) : undefined));
    renderSpace('/10002');
    const button = within(await panel()).getByRole('button', { name: '关注', pressed: true });
    expect(button.textContent).toBe('已关注');
  });

  it.each([
    [403, BLOCK_MSG.notAllowed],
    [429, FOLLOW_MSG.tooFast],
  ])('a refusal (%i) shows the server’s words and the button stays 关注', async (status, msg) => {
    const calls = followingServer(fail(status, msg));
    const user = userEvent.setup();
    renderSpace('/10002');
    const side = await panel();
    await user.click(within(side).getByRole('button', { name: '关注', pressed: false }));
    expect(await screen.findByText(msg)).toBeTruthy();
    expect(within(side).getByRole('button', { name: '关注', pressed: false })).toBeTruthy();
    expect(screen.queryByText(FOLLOW_MSG.followed)).toBeNull();
    expect(fact(side, '粉丝')).toBe('2');
    expect(calls.filter((c) => c.path === '/follow/add')).toHaveLength(1);
  });

  it('is not on the own space', async () => {
    spaceServer();
    renderSpace('/my', signedIn);
    const side = await panel();
    expect(within(side).getByText('关注', { selector: 'dt' })).toBeTruthy();
    expect(within(side).queryByRole('button', { name: '关注' })).toBeNull();
  });

  it('is not offered where the owner accepts no new followers from the viewer (mayFollow false)', async () => {
    const calls = spaceServer((call) => (call.path === '/user/getuserinfo/10002' ? ok({ ...other, mayFollow: false }) : undefined));
    renderSpace('/10002');
    const side = await panel();
    expect(within(side).getByRole('heading', { name: '小明' })).toBeTruthy();
    expect(within(side).queryByRole('button', { name: '关注' })).toBeNull();
    expect(calls.filter((c) => c.path === '/follow/add')).toHaveLength(0);
  });

  it('stays for a follower of such an owner, who can unfollow; it does not vanish under the finger', async () => {
    let following = true;
    spaceServer((call) => {
      if (call.path === '/user/getuserinfo/10002') return ok({ ...other, mayFollow: false, following });
      if (call.path === '/follow/remove') {
        following = false;
        return { status: 200, body: { code: 200, msg: FOLLOW_MSG.unfollowed } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderSpace('/10002');
    const side = await panel();
    const button = within(side).getByRole('button', { name: '关注', pressed: true });
    await user.click(button);
    expect(await screen.findByText(FOLLOW_MSG.unfollowed)).toBeTruthy();
    expect(await within(side).findByRole('button', { name: '关注', pressed: false })).toBe(button);
  });

  it('is not offered in archive mode', async () => {
    spaceServer();
    renderSpace('/10002', { ...signedIn, ui: { loading: false, skin: '', archive: true } });
    const side = await panel();
    expect(within(side).getByRole('heading', { name: '小明' })).toBeTruthy();
    expect(within(side).queryByRole('button', { name: '关注' })).toBeNull();
  });
});
