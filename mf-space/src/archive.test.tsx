/** Archive mode (ARCHIVE_MODE=1): every space can still be read, but nothing offers to write. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '@xiaoba/shared/testing';
import { leavePage, renderSpace, signedIn, spaceServer } from './testing/fixtures';
import { comment, page, yy } from './testing/yy-fixtures';

const archived = { ...signedIn, ui: { loading: false, skin: '' as const, archive: true } };
const NOW = Math.floor(Date.now() / 1000);

describe('a space in archive mode', () => {
  it('/my shows the posts and their comments, with no composer, comment box, repost, reply or delete', { timeout: 15_000 }, async () => {
    spaceServer((call) => {
      if (call.path === '/yy/getUseryy/10001') return ok(page([yy({ comment: 1 })]));
      if (call.path === '/comment/getComment') return ok([comment({ uid: 10001, username: '小巴' })]);
      return undefined;
    });
    renderSpace('/my', archived);
    const post = (await screen.findAllByRole('article'))[0]!;
    expect(within(post).getByText('今天天气真好')).toBeTruthy();
    expect(screen.queryByRole('form', { name: '发表yy' })).toBeNull();
    expect(within(post).queryByRole('button', { name: '转发' })).toBeNull();
    expect(within(post).queryByRole('button', { name: '删除' })).toBeNull();
    // Signatures are plain text, not edit buttons.
    expect(screen.queryByRole('button', { name: /大签名档：.*（点击修改）/ })).toBeNull();
    expect(screen.getByText('小巴的地盘')).toBeTruthy();

    await userEvent.setup().click(within(post).getByRole('button', { name: '评论(1)' }));
    const comments = await within(post).findByRole('region', { name: '评论区' });
    expect(await within(comments).findByText('小巴')).toBeTruthy();
    expect(within(comments).queryByRole('textbox')).toBeNull();
    expect(within(comments).queryByRole('button', { name: '回复' })).toBeNull();
    expect(within(comments).queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('a board shows its messages but no message box, reply or delete', async () => {
    spaceServer((call) =>
      call.path === '/leave/get/10001'
        ? ok(leavePage([{ id: 1, fuid: 10001, uid: 10003, username: '小红', face: 0, avatar: '', content: '你好呀', ctime: NOW - 60, replies: [] }]))
        : undefined,
    );
    renderSpace('/my/board', archived);
    const message = (await screen.findAllByRole('article'))[0]!;
    expect(within(message).getByText('你好呀')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(within(message).queryByRole('button', { name: /回复/ })).toBeNull();
    expect(within(message).queryByRole('button', { name: '删除' })).toBeNull();
  });
});
