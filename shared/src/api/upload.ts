/**
 * Sending one picture with a progress bar (yy pictures, avatars). Outside RTK Query because the
 * page shows the upload's progress; local checks first, so a file the server would refuse costs
 * no upload on a slow connection.
 */
import type { ApiEnvelope } from '../core/api-types';
import { IMAGE_MAX_BYTES } from '../core/constants';
import { api, errorMessage } from './client';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** For `<input type="file" accept>`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

const MB = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);
/** The server's own words for the same refusals (415, 413), so the user reads one message either way. */
export const NOT_AN_IMAGE = '只支持 JPG、PNG、GIF、WebP 格式的图片';
export const IMAGE_TOO_BIG = `图片不能超过${MB}MB`;

/** Why a file cannot be sent, or null when it can. */
export function refuseImage(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_BIG;
  return null;
}

// The site-wide 5 s timeout is for small JSON calls; a 5 MB picture on a slow phone link needs
// far longer, and the progress bar shows the user it is moving.
const UPLOAD_TIMEOUT_MS = 120_000;

export type UploadResult<T> = { ok: true; data: T; message: string } | { ok: false; message: string };

/**
 * POSTs `file` as the multipart field `file` to `url` (below /api); `onProgress` gets 0..1.
 * `accept` tells a good answer's data from a malformed one. Never throws: a refusal comes back
 * as the server's msg, a malformed answer as `failed`. Used for pictures and for export ZIPs.
 */
export async function uploadFile<T>(
  url: string,
  file: File,
  options: {
    onProgress(fraction: number): void;
    accept(data: T | undefined): data is T;
    failed: string;
    signal?: AbortSignal;
    /** For files far bigger than a picture (an export ZIP); default 2 minutes. */
    timeoutMs?: number;
  },
): Promise<UploadResult<T>> {
  const form = new FormData();
  form.append('file', file);
  try {
    const res = await api.post<ApiEnvelope<T>>(url, form, {
      timeout: options.timeoutMs ?? UPLOAD_TIMEOUT_MS,
      signal: options.signal,
      onUploadProgress: (e) => {
        const total = e.total ?? file.size;
        if (total > 0) options.onProgress(Math.min(1, e.loaded / total));
      },
    });
    const data = res.data.data;
    if (!options.accept(data)) return { ok: false, message: options.failed };
    return { ok: true, data, message: res.data.msg };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
