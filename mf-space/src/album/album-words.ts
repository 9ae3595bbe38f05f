/** The words and paths the album pages share. */

/** A photo's alt text: 萌萌猫的相册「春游」的第3张照片 (`n` from 1, newest first as the album shows them). */
export const photoAlt = (ownerName: string, albumName: string, n: number) => `${ownerName}的相册「${albumName}」的第${n}张照片`;

/** The album list and one album below a space's base path (`/my` or `/{uid}`). */
export const albumsPath = (base: string) => `${base}/photo`;
export const albumPagePath = (base: string, albumId: number) => `${base}/photo/${albumId}`;

export const ALBUM_WORDS = {
  create: '创建相册',
  upload: '上传照片',
  settings: '相册设置',
  deletePhoto: '删除照片',
  deleteAlbum: '删除相册',
  confirmDeletePhoto: '确定删除这张照片吗？删除后无法恢复。',
  confirmDeleteAlbum: '确定删除这个相册吗？相册里的照片会一起删除，无法恢复。',
  noAlbums: '还没有相册',
  noOwnAlbums: '还没有相册，创建一个放照片吧！',
  noPhotos: '这个相册还没有照片',
  noCover: '暂无照片',
  loadMore: '加载更多',
  backToList: '返回相册列表',
  loadFailed: '相册加载失败',
} as const;
