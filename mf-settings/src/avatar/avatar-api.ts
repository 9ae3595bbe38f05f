/**
 * The avatar calls. The upload goes through the shared axios `api` directly (not RTK Query) so the
 * page can show its progress; choosing a preset face is an RTK Query mutation on the shared baseApi.
 */
import { baseApi, IMAGE_ACCEPT, IMAGE_TOO_BIG, NOT_AN_IMAGE, refuseImage, uploadFile, type ApiEnvelope, type UploadResult } from '@xiaoba/shared';

// Imported, then exported: a re-export from '@xiaoba/shared' would bundle a copy of shared.
export { IMAGE_TOO_BIG as AVATAR_TOO_BIG, NOT_AN_IMAGE };
export const AVATAR_ACCEPT = IMAGE_ACCEPT;
export const refuseAvatar = refuseImage;
export const AVATAR_UPLOADED = '头像上传成功';
export const FACE_CHANGED = '头像更换成功';

export interface AvatarUploadData {
  avatar: string;
  width: number;
  height: number;
  size: number;
}

export type AvatarUploadResult = UploadResult<AvatarUploadData>;

/** POST /api/api/avatar/upload (multipart `file`); `onProgress` gets 0..1. Never throws. */
export async function uploadAvatar(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<AvatarUploadResult> {
  const result = await uploadFile<AvatarUploadData>('/api/avatar/upload', file, {
    onProgress,
    signal,
    accept: (data): data is AvatarUploadData => typeof data?.avatar === 'string' && data.avatar !== '',
    failed: '头像上传失败',
  });
  return result.ok ? { ...result, message: result.message || AVATAR_UPLOADED } : result;
}

export const avatarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateFace: build.mutation<ApiEnvelope<{ face: number; avatar: string }>, number>({
      query: (num) => ({ url: '/user/updateface', method: 'POST', params: { num } }),
    }),
  }),
});

export const { useUpdateFaceMutation } = avatarApi;
