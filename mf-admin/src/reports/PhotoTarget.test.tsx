import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportGroup } from '@xiaoba/shared';
import { fail, fakeServer, ok } from '@xiaoba/shared/testing';
import { NOW, pageOf, renderAdmin } from '../testing/fixtures';

const photoGroup: ReportGroup = {
  target: {
    kind: 'photo',
    id: 51,
    uid: 100002,
    username: '萌萌猫',
    content: '',
    context: '萌萌猫的相册「春游」里的照片',
    href: '/100002/photo/7',
    imageUrl: '/uploads/album/0123456789abcdef0123456789abcdef.webp',
    removed: false,
    gone: false,
  },
  reports: [{ id: 12, reporterUid: 100003, reporterName: '月下剑客', reason: 'personal', note: '照片里有我家地址', ctime: NOW - 60 }],
  newest: NOW - 60,
};

describe('a reported photo in the queue', () => {
  it('shows the picture itself with an alt text, where it stands, and a link to its album', async () => {
    fakeServer((call) => (call.path === '/mod/reports' ? ok(pageOf([photoGroup])) : fail(404, '接口不存在')));
    renderAdmin('/admin');
    const card = await screen.findByRole('article', { name: '萌萌猫的照片（1条举报）' });
    const picture = within(card).getByRole('img', { name: '萌萌猫的相册里被举报的照片' });
    expect(picture.getAttribute('src')).toBe(photoGroup.target.imageUrl);
    expect(card.textContent).toContain('萌萌猫的相册「春游」里的照片');
    expect(card.textContent).not.toContain('没有内容');
    expect(within(card).getByRole('link', { name: '在原处查看' }).getAttribute('href')).toBe('/100002/photo/7');
  });
});
