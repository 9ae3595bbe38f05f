/**
 * One picture to POST /api/yy/upload, outside RTK Query because the composer shows its progress.
 * Local checks first: a file the server would refuse costs no upload on a slow connection.
 */
import { api, errorMessage, IMAGE_MAX_BYTES, type ApiEnvelope, type UploadData } from '@xiaoba/shared';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

const MB = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);
export const NOT_AN_IMAGE = '只能上传 JPG、PNG、GIF 或 WEBP 格式的图片';
export const IMAGE_TOO_BIG = `图片不能超过${MB}MB`;

/** Why a file cannot be sent, or null when it can. */
export function refuseFile(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_BIG;
  return null;
}

// The site-wide 5 s timeout is for small JSON calls; a 5 MB picture on a slow phone link needs
// far longer, and the progress bar shows the user it is moving.
const UPLOAD_TIMEOUT_MS = 120_000;

export type UploadResult = { ok: true; data: UploadData } | { ok: false; message: string };

/** Sends one file; `onProgress` gets 0..1. Never throws: a refusal comes back as the server's msg. */
export async function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  try {
    const res = await api.post<ApiEnvelope<UploadData>>('/yy/upload', form, {
      timeout: UPLOAD_TIMEOUT_MS,
      signal,
      onUploadProgress: (e) => {
        const total = e.total ?? file.size;
        if (total > 0) onProgress(Math.min(1, e.loaded / total));
      },
    });
    const data = res.data.data;
    if (!data?.url) return { ok: false, message: '图片上传失败' };
    return { ok: true, data };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
