/**
 * What other features use of 相册: a user's albums for their export, and who may load a photo's
 * file (app.ts gives it to the site's /uploads/). Other slices import this feature only through
 * this file (tools/check-boundaries.mjs).
 */
export { exportAlbums, type AlbumExport } from './export';
export { albumFileGate } from './files';
