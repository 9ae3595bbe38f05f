/**
 * What other features use of 相册: a user's albums for their export. Other slices import this
 * feature only through this file (tools/check-boundaries.mjs).
 */
export { exportAlbums, type AlbumExport } from './export';
