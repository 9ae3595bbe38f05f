/** One picture to POST /api/yy/upload, with its progress (the shared picture upload). */
import { uploadFile, type UploadData, type UploadResult } from '@xiaoba/shared';

export { IMAGE_ACCEPT, refuseImage as refuseFile } from '@xiaoba/shared';

/** Sends one file; `onProgress` gets 0..1. Never throws: a refusal comes back as the server's msg. */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult<UploadData>> {
  return uploadFile<UploadData>('/yy/upload', file, {
    onProgress,
    signal,
    accept: (data): data is UploadData => Boolean(data?.url),
    failed: '图片上传失败',
  });
}
