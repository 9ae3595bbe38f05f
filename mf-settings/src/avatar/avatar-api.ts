/**
 * The avatar calls. The upload goes through the shared axios `api` directly (not RTK Query) so the
 * page can show its progress; choosing a preset face is an RTK Query mutation on the shared baseApi.
 */
import { api, baseApi, errorMessage, IMAGE_MAX_BYTES, type ApiEnvelope } from '@xiaoba/shared';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

const MB = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);
/** The server's own words for the same refusals (415, 413), so the user reads one message either way. */
export const NOT_AN_IMAGE = '只支持 JPG、PNG、GIF、WebP 格式的图片';
export const AVATAR_TOO_BIG = `图片不能超过${MB}MB`;
export const AVATAR_UPLOADED = '头像上传成功';
export const FACE_CHANGED = '头像更换成功';

/** Why a file cannot be sent, or null when it can: a refused file costs no upload. */
export function refuseAvatar(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > IMAGE_MAX_BYTES) return AVATAR_TOO_BIG;
  return null;
}

/** As for the yy pictures: the site-wide 5 s timeout is for small JSON calls, not a 5 MB picture. */
const UPLOAD_TIMEOUT_MS = 120_000;

export interface AvatarUploadData {
  avatar: string;
  width: number;
  height: number;
  size: number;
}

export type AvatarUploadResult = { ok: true; data: AvatarUploadData; message: string } | { ok: false; message: string };

/** POST /api/api/avatar/upload (multipart `file`); `onProgress` gets 0..1. Never throws. */
export async function uploadAvatar(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<AvatarUploadResult> {
  const form = new FormData();
  form.append('file', file);
  try {
    const res = await api.post<ApiEnvelope<AvatarUploadData>>('/api/avatar/upload', form, {
      timeout: UPLOAD_TIMEOUT_MS,
      signal,
      onUploadProgress: (e) => {
        const total = e.total ?? file.size;
        if (total > 0) onProgress(Math.min(1, e.loaded / total));
      },
    });
    const data = res.data.data;
    if (!data || typeof data.avatar !== 'string' || !data.avatar) return { ok: false, message: '头像上传失败' };
    return { ok: true, data, message: res.data.msg || AVATAR_UPLOADED };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}

export const avatarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateFace: build.mutation<ApiEnvelope<{ face: number; avatar: string }>, number>({
      query: (num) => ({ url: '/user/updateface', method: 'POST', params: { num } }),
    }),
  }),
});

export const { useUpdateFaceMutation } = avatarApi;
