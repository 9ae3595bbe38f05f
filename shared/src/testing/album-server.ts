/**
 * A 相册 server in memory for component tests (imported through '@xiaoba/shared/testing'): the
 * routes of docs/api.md "相册" for one signed-in user, with the rules a page shows (the caller sees
 * an album by its visibility and whether they follow and are followed; an album they may not see
 * answers 404 like one that does not exist; only the owner changes an album). `handle` answers an
 * album call and returns null for any other, so a test can add its own.
 */
import { ALBUM_MSG, ALBUM_PAGE_SIZE, ALBUM_PHOTOS_MAX, albumNameError, type Album, type AlbumPhotosPage, type Photo } from '../core/album';
import { isVisibility, type Visibility } from '../core/visibility';
import { fail, ok, type Call, type Reply } from './fake-api';

export interface AlbumUser {
  uid: number;
  name: string;
  face: number;
  avatar: string;
}

export interface AlbumServerOptions {
  /** The signed-in user. */
  me: number;
  users: AlbumUser[];
  /** [follower, followed] pairs. */
  follows?: [number, number][];
  pageSize?: number;
  /** A new album's visibility when none is given. */
  defaultVisibility?: Visibility;
  /** The server's time, unix seconds, of the first change; each next one is a minute later. */
  start?: number;
}

const notFound = () => fail(404, ALBUM_MSG.notFound);

export function albumServer(options: AlbumServerOptions) {
  const { me } = options;
  const users = new Map(options.users.map((u) => [u.uid, u]));
  const follows = new Set((options.follows ?? []).map(([a, b]) => `${a}>${b}`));
  const size = options.pageSize ?? ALBUM_PAGE_SIZE;
  let clock = options.start ?? Math.floor(Date.now() / 1000) - 3600;
  const tick = () => (clock += 60);
  const albums: (Album & { chosenCover: number })[] = [];
  const photos: Photo[] = [];
  let nextPhotoId = 1;
  /** Messages an upload of a file of this name answers with (quota, album full, ...). */
  const refusals = new Map<string, Reply>();

  const follow = (a: number, b: number) => follows.has(`${a}>${b}`);
  const sees = (album: Album) =>
    album.uid === me ||
    album.visibility === 'public' ||
    (album.visibility === 'followers' && follow(me, album.uid)) ||
    (album.visibility === 'mutual' && follow(me, album.uid) && follow(album.uid, me));
  const photosOf = (albumId: number) => photos.filter((p) => p.albumId === albumId).sort((a, b) => b.photoId - a.photoId);
  const shown = (a: Album & { chosenCover: number }): Album => {
    const list = photosOf(a.albumId);
    const cover = list.find((p) => p.photoId === a.chosenCover) ?? list[0];
    const { chosenCover: _c, ...album } = a;
    return { ...album, coverPhotoId: cover?.photoId ?? 0, coverUrl: cover?.url ?? '', photoCount: list.length };
  };
  const findAlbum = (albumId: number) => albums.find((a) => a.albumId === albumId);

  function create(uid: number, name: string, visibility: Visibility = options.defaultVisibility ?? 'mutual') {
    const now = tick();
    const album = { albumId: albums.length + 1, uid, name, visibility, coverPhotoId: 0, coverUrl: '', photoCount: 0, ctime: now, mtime: now, chosenCover: 0 };
    albums.push(album);
    return album.albumId;
  }

  function addPhoto(albumId: number, width = 800, height = 600): Photo {
    const album = findAlbum(albumId)!;
    const photoId = nextPhotoId++;
    const photo = { photoId, albumId, uid: album.uid, url: `/uploads/album/${photoId}.jpg`, width, height, size: 1000, ctime: tick() };
    photos.push(photo);
    album.mtime = clock;
    return photo;
  }

  function handle(call: Call): Reply | null {
    const list = /^\/album\/list\/(\d+)$/.exec(call.path);
    if (call.method === 'GET' && list) {
      const uid = Number(list[1]);
      return ok(
        albums
          .filter((a) => a.uid === uid && sees(a))
          .map(shown)
          .sort((a, b) => b.mtime - a.mtime || b.albumId - a.albumId),
      );
    }
    const page = /^\/album\/photos\/(\d+)$/.exec(call.path);
    if (call.method === 'GET' && page) {
      const album = findAlbum(Number(page[1]));
      if (!album || !sees(album)) return notFound();
      const pageNum = Number(call.query.pageNum ?? 1);
      const all = photosOf(album.albumId);
      const body: AlbumPhotosPage = {
        records: all.slice((pageNum - 1) * size, pageNum * size),
        total: all.length,
        pages: Math.ceil(all.length / size),
        current: pageNum,
        size,
        album: shown(album),
        owner: users.get(album.uid)!,
      };
      return ok(body);
    }
    if (call.method === 'POST' && call.path === '/album/create') {
      const { name = '', visibility = '' } = call.body as { name?: string; visibility?: string };
      const problem = albumNameError(name.trim());
      if (problem) return fail(400, problem);
      if (visibility !== '' && !isVisibility(visibility)) return fail(400, ALBUM_MSG.badVisibility);
      return ok({ albumId: create(me, name.trim(), visibility === '' ? undefined : visibility) });
    }
    if (call.method === 'PATCH' && call.path === '/album/update') {
      const body = call.body as { albumId: number; name?: string; visibility?: string; coverPhotoId?: number };
      const album = findAlbum(body.albumId);
      if (!album || !sees(album)) return notFound();
      if (album.uid !== me) return fail(403, '没有权限');
      if (body.name !== undefined) {
        const problem = albumNameError(body.name.trim());
        if (problem) return fail(400, problem);
      }
      if (body.visibility !== undefined && !isVisibility(body.visibility)) return fail(400, ALBUM_MSG.badVisibility);
      if (body.coverPhotoId !== undefined && !photosOf(album.albumId).some((p) => p.photoId === body.coverPhotoId)) return fail(400, ALBUM_MSG.badCover);
      if (body.name !== undefined) album.name = body.name.trim();
      if (body.visibility !== undefined) album.visibility = body.visibility as Visibility;
      if (body.coverPhotoId !== undefined) album.chosenCover = body.coverPhotoId;
      album.mtime = tick();
      return { status: 200, body: { code: 200, msg: ALBUM_MSG.updated } };
    }
    if (call.method === 'POST' && call.path === '/album/upload') {
      const album = findAlbum(Number(call.query.albumId));
      if (!album || !sees(album)) return notFound();
      if (album.uid !== me) return fail(403, '没有权限');
      const file = (call.body as { file?: { name: string } }).file;
      const refusal = file && refusals.get(file.name);
      if (refusal) return refusal;
      if (photosOf(album.albumId).length >= ALBUM_PHOTOS_MAX) return fail(400, ALBUM_MSG.albumFull);
      return { status: 200, body: { code: 200, msg: ALBUM_MSG.uploaded, data: addPhoto(album.albumId) } };
    }
    if (call.method === 'DELETE' && call.path === '/album/photo') {
      const index = photos.findIndex((p) => p.photoId === Number(call.query.photoId) && p.uid === me);
      if (index < 0) return fail(404, ALBUM_MSG.photoNotFound);
      const [photo] = photos.splice(index, 1);
      findAlbum(photo!.albumId)!.mtime = tick();
      return { status: 200, body: { code: 200, msg: ALBUM_MSG.deleted } };
    }
    if (call.method === 'DELETE' && call.path === '/album/delete') {
      const index = albums.findIndex((a) => a.albumId === Number(call.query.albumId) && a.uid === me);
      if (index < 0) return notFound();
      const [album] = albums.splice(index, 1);
      for (const p of photosOf(album!.albumId)) photos.splice(photos.indexOf(p), 1);
      return { status: 200, body: { code: 200, msg: ALBUM_MSG.deleted } };
    }
    return null;
  }

  return {
    handle,
    /** An album of `uid`, as if created elsewhere; answers its id. */
    create,
    /** A photo added to an album, as if uploaded elsewhere. */
    addPhoto,
    /** The owner changes who may see an album, as if elsewhere. */
    setVisibility: (albumId: number, visibility: Visibility) => void (findAlbum(albumId)!.visibility = visibility),
    /** The next upload of a file of this name answers `reply` (a quota, an album full, ...). */
    refuseUpload: (fileName: string, reply: Reply) => void refusals.set(fileName, reply),
    albums: () => albums.map(shown),
    photos: (albumId: number) => photosOf(albumId),
  };
}
