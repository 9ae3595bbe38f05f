import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { albumServer, fail, type Call, type Reply } from '@xiaoba/shared/testing';
import { me, other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';

const ME = { uid: me.uid, name: me.name, face: 0, avatar: '' };
const OTHER = { uid: other.uid, name: other.uname, face: 3, avatar: '' };

/** A space whose album calls go to an album server for `me`; `answer` may take any call first. */
function open(
  path: string,
  setup: (albums: ReturnType<typeof albumServer>) => void = () => {},
  state = signedIn,
  answer: (call: Call) => Reply | undefined | Promise<Reply | undefined> = () => undefined,
) {
  const albums = albumServer({ me: me.uid, users: [ME, OTHER], pageSize: 2, defaultVisibility: 'mutual' });
  setup(albums);
  const calls = spaceServer(async (call) => (await answer(call)) ?? albums.handle(call) ?? undefined);
  const view = renderSpace(path, state);
  return { ...view, albums, calls, user: userEvent.setup({ applyAccept: false }) };
}

const jpg = (name: string, size = 1000, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

describe('a space’s albums', () => {
  it('shows the covers with name and count, the visibility only on one’s own, a placeholder for an empty album', async () => {
    open('/my/photo', (albums) => {
      const trip = albums.create(me.uid, '春游', 'public');
      albums.addPhoto(trip);
      albums.create(me.uid, '毕业', 'self');
    });
    const grid = await screen.findByRole('list', { name: '我的相册' });
    const links = within(grid).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['暂无照片毕业0张照片 · 仅自己可见', '/my/photo/2'],
      ['春游1张照片 · 所有人可见', '/my/photo/1'],
    ]);
    expect(links[1]!.querySelector('img')!.getAttribute('src')).toBe('/uploads/album/1.jpg');
    expect(screen.getByRole('heading', { level: 2, name: '我的相册' })).toBeTruthy();
    const sections = await screen.findByRole('navigation', { name: '空间链接' });
    expect(within(sections).getByRole('link', { name: '相册' }).getAttribute('aria-current')).toBe('page');
  });

  it('another user’s: only the albums the caller may see, without their visibility and without 创建相册', async () => {
    open(`/${other.uid}/photo`, (albums) => {
      albums.create(other.uid, '公开的', 'public');
      albums.create(other.uid, '秘密', 'self');
    });
    const link = await screen.findByRole('link', { name: /公开的/ });
    expect(link.textContent).toBe('暂无照片公开的0张照片');
    expect(screen.queryByText(/秘密/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: '小明的相册' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '创建相册' })).toBeNull();
  });

  it('none at all says so', async () => {
    open(`/${other.uid}/photo`);
    expect(await screen.findByText('还没有相册')).toBeTruthy();
  });

  it('创建相册: a child’s album starts as 互相关注可见; an empty name is refused in words; the new album opens', async () => {
    const child = { auth: { ...signedIn.auth, user: { ...me, birthday: '2015-05-01' } } };
    const { user, albums, calls } = open('/my/photo', () => {}, child);
    await user.click(await screen.findByRole('button', { name: '创建相册' }));
    const dialog = await screen.findByRole('dialog', { name: '创建相册' });
    const name = within(dialog).getByLabelText('相册名称');
    expect(document.activeElement).toBe(name);
    expect((within(dialog).getByRole('radio', { name: '互相关注可见' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('相册名称不能为空');
    expect(calls.filter((c) => c.path === '/album/create')).toEqual([]);
    await user.type(name, '一二三四五六七八九十一二三四五六七八九十多出来');
    expect((name as HTMLInputElement).value).toBe('一二三四五六七八九十一二三四五六七八九十');
    expect(within(dialog).getByText('20/20')).toBeTruthy();
    await user.clear(name);
    await user.type(name, '春游');
    await user.click(within(dialog).getByRole('radio', { name: '仅自己可见' }));
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await screen.findByRole('heading', { level: 2, name: '「春游」' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/album/create')!.body).toEqual({ name: '春游', visibility: 'self' });
    expect(albums.albums().map((a) => [a.name, a.visibility])).toEqual([['春游', 'self']]);
    expect(screen.getByText('这个相册还没有照片')).toBeTruthy();
  });
});

describe('one album', () => {
  it('shows the photos newest first with their alt texts and sizes, 加载更多 the older ones, and opens one in the viewer', async () => {
    const { user, calls } = open(`/${other.uid}/photo/1`, (albums) => {
      const trip = albums.create(other.uid, '春游', 'public');
      for (let i = 0; i < 3; i++) albums.addPhoto(trip, 640, 480);
    });
    const grid = await screen.findByRole('list', { name: '「春游」的照片' });
    expect(screen.getByText('小明的相册 · 3张照片')).toBeTruthy();
    const imgs = () => within(grid).getAllByRole('img');
    expect(imgs().map((i) => [i.getAttribute('alt'), i.getAttribute('src'), i.getAttribute('width'), i.getAttribute('loading')])).toEqual([
      ['小明的相册「春游」的第1张照片', '/uploads/album/3.jpg', '640', 'lazy'],
      ['小明的相册「春游」的第2张照片', '/uploads/album/2.jpg', '640', 'lazy'],
    ]);
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(imgs()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(calls.filter((c) => c.path === '/album/photos/1').map((c) => c.query.pageNum)).toEqual(['1', '2']);
    // Another user's album: 举报 on each photo, nothing of the owner's.
    expect(within(grid).getAllByRole('button', { name: /^举报第/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
    expect(screen.queryByText('上传照片')).toBeNull();
    await user.click(within(grid).getByRole('button', { name: '小明的相册「春游」的第3张照片' }));
    const viewer = await screen.findByRole('dialog', { name: '图片 3/3' });
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('小明的相册「春游」的第3张照片');
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: '图片 2/3' })).toBeTruthy();
  });

  it('举报 a photo sends kind photo with its id', async () => {
    const { user, calls } = open(
      `/${other.uid}/photo/1`,
      (albums) => albums.addPhoto(albums.create(other.uid, '春游', 'public')),
      signedIn,
      (call) => (call.path === '/report/add' ? { status: 200, body: { code: 200, msg: '举报成功' } } : undefined),
    );
    await user.click(await screen.findByRole('button', { name: '举报第1张照片' }));
    const dialog = await screen.findByRole('dialog', { name: '举报小明的照片' });
    await user.click(within(dialog).getAllByRole('radio')[0]!);
    await user.click(within(dialog).getByRole('button', { name: /提交|举报/ }));
    await waitFor(() => expect(calls.find((c) => c.path === '/report/add')?.body).toMatchObject({ kind: 'photo', id: 1 }));
  });

  it('an album the caller may not see reads 相册不存在, like one that does not exist, with the way back', async () => {
    open(`/${other.uid}/photo/1`, (albums) => albums.create(other.uid, '秘密', 'self'));
    expect(await screen.findByRole('heading', { level: 2, name: '相册不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回相册列表' }).getAttribute('href')).toBe(`/${other.uid}/photo`);
    expect(screen.queryByText(/秘密/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('相册不存在 - 校巴'));
  });

  it('相册不存在 is asked again when the album is opened more than 30 s later: it may have been shown since', async () => {
    const { albums, router } = open(`/${other.uid}/photo/1`, (a) => a.addPhoto(a.create(other.uid, '春游', 'self')));
    expect(await screen.findByRole('heading', { level: 2, name: '相册不存在' })).toBeTruthy();
    albums.setVisibility(1, 'public');
    await router.navigate(`/${other.uid}/photo`);
    await screen.findByRole('heading', { level: 2, name: '小明的相册' });
    vi.setSystemTime(Date.now() + 31_000);
    try {
      await router.navigate(`/${other.uid}/photo/1`);
      expect(await screen.findByRole('heading', { level: 2, name: '「春游」' })).toBeTruthy();
    } finally {
      vi.setSystemTime(Date.now() - 31_000);
    }
  });

  it('the own uid’s album address lands on /my/photo/{albumId}', async () => {
    const { router } = open(`/${me.uid}/photo/1`, (albums) => albums.create(me.uid, '春游', 'public'));
    expect(await screen.findByRole('heading', { level: 2, name: '「春游」' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my/photo/1');
  });

  it('an album under another space’s address goes to its owner’s', async () => {
    const { router } = open(`/my/photo/1`, (albums) => albums.create(other.uid, '春游', 'public'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${other.uid}/photo/1`));
  });

  it('the owner uploads several files one after another with progress; each refusal is said per file', async () => {
    let release = () => {};
    const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    const { user, albums, calls } = open(
      '/my/photo/1',
      (a) => {
        a.create(me.uid, '春游', 'public');
        a.refuseUpload('c.jpg', fail(400, '相册空间不够了'));
      },
      signedIn,
      // The first upload waits until the test has seen the others wait behind it.
      (call) => (call.path === '/album/upload' && (call.body as { file: { name: string } }).file.name === 'a.jpg' ? held : undefined),
    );
    const input = (await screen.findByLabelText('上传照片')) as HTMLInputElement;
    expect(input.multiple).toBe(true);
    await user.upload(input, [jpg('a.jpg'), jpg('notes.txt', 10, 'text/plain'), jpg('b.jpg'), jpg('c.jpg')]);
    const pending = screen.getByRole('list', { name: '待上传的照片' });
    const progress = await within(pending).findByRole('progressbar', { name: '上传中 0%' });
    expect(progress.closest('li')!.querySelector('img')!.getAttribute('alt')).toBe('待上传的照片「a.jpg」');
    expect(within(pending).getAllByText('等待上传')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/album/upload')).toHaveLength(1);
    release();
    expect(within(pending).getAllByRole('alert')[0]!.textContent).toBe('「notes.txt」上传失败：只支持 JPG、PNG、GIF、WebP 格式的图片');
    expect(await screen.findByText('「c.jpg」上传失败：相册空间不够了')).toBeTruthy();
    await waitFor(() => expect(albums.photos(1)).toHaveLength(2));
    // One after another: each upload started after the one before had been answered.
    expect(calls.filter((c) => c.path === '/album/upload').map((c) => (c.body as { file: { name: string } }).file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    const grid = await screen.findByRole('list', { name: '「春游」的照片' });
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(2));
    // The sent ones left the list; the refused stay until removed.
    expect(within(screen.getByRole('list', { name: '待上传的照片' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('相册设置 renames the album (an empty name refused) and changes the visibility and the cover; the owner deletes a photo, then the album, and is back at the list', async () => {
    const { user, albums } = open('/my/photo/1', (a) => {
      const trip = a.create(me.uid, '春游', 'public');
      a.addPhoto(trip);
      a.addPhoto(trip);
    });
    await user.click(await screen.findByRole('button', { name: '相册设置' }));
    const settings = await screen.findByRole('dialog', { name: '相册设置' });
    const name = within(settings).getByLabelText('相册名称');
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    await user.click(within(settings).getByRole('button', { name: '保存' }));
    expect(within(settings).getByRole('alert').textContent).toBe('相册名称不能为空');
    await user.type(name, '秋游');
    await user.click(within(settings).getByRole('radio', { name: '仅自己可见' }));
    await user.click(within(settings).getByRole('radio', { name: '设为封面：小巴的相册「春游」的第2张照片' }));
    await user.click(within(settings).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(albums.albums()[0]).toMatchObject({ name: '秋游', visibility: 'self', coverPhotoId: 1 }));
    expect(await screen.findByRole('heading', { level: 2, name: '「秋游」' })).toBeTruthy();
    expect(await screen.findByText('小巴的相册 · 2张照片 · 仅自己可见')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '删除第1张照片' }));
    const confirm = await screen.findByRole('dialog', { name: '删除照片' });
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(albums.photos(1)).toHaveLength(1));
    expect(await screen.findByText('小巴的相册 · 1张照片 · 仅自己可见')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '删除相册' }));
    await user.click(within(await screen.findByRole('dialog', { name: '删除相册' })).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('还没有相册，创建一个放照片吧！')).toBeTruthy();
    expect(albums.albums()).toEqual([]);
  });
});
