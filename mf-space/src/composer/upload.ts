/** One picture to POST /api/yy/upload, with its progress (the shared picture upload). */
import { IMAGE_ACCEPT, refuseImage, uploadFile, type UploadData, type UploadResult } from '@xiaoba/shared';

// Imported, then exported: the federation plugin turns `import ... from '@xiaoba/shared'` into the
// shell's singleton, but not `export ... from`, which made the build bundle its own copy of shared
// (its core and its API client, whose idle preload then fetched a second axios on /my).
export { IMAGE_ACCEPT };
export const refuseFile = refuseImage;

/** Sends one file; `onProgress` gets 0..1. Never throws: a refusal comes back as the server's msg. */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult<UploadData>> {
  return uploadFile<UploadData>('/yy/upload', file, {
    onProgress,
    signal,
    accept: (data): data is UploadData => Boolean(data?.url),
    failed: '图片上传失败',
  });
}
