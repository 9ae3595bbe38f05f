/** The /api/user calls used by more than one module (shell and mf-auth). */
import type {
  AddAccountBody,
  ApiEnvelope,
  CardUpdateBody,
  CheckCookieData,
  LoginBody,
  LoginData,
  SpaceUser,
  UserInfo,
  ValitedRegisterBody,
} from '../core/api-types';
import type { SkinId } from '../core/constants';
import { baseApi } from './base-api';

export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<ApiEnvelope<LoginData>, LoginBody>({
      query: (data) => ({ url: '/user/login', method: 'POST', data }),
    }),
    logout: build.mutation<ApiEnvelope, void>({
      query: () => ({ url: '/user/logout', method: 'POST' }),
    }),
    checkCookie: build.mutation<ApiEnvelope<CheckCookieData>, void>({
      query: () => ({ url: '/user/checkcookie' }),
    }),
    getInfo: build.query<UserInfo, void>({
      query: () => ({ url: '/user/getinfo' }),
      transformResponse: (res: ApiEnvelope<UserInfo>) => res.data as UserInfo,
      providesTags: ['User'],
    }),
    getUserInfo: build.query<SpaceUser, number>({
      query: (id) => ({ url: `/user/getuserinfo/${id}` }),
      transformResponse: (res: ApiEnvelope<SpaceUser>) => res.data as SpaceUser,
      providesTags: (_r, _e, id) => [{ type: 'Space', id }],
    }),
    updateLogin: build.mutation<ApiEnvelope<{ lastTime: number }>, void>({
      // The original site's path has a double slash; the server accepts both.
      query: () => ({ url: '/user//updatelogin', method: 'PATCH' }),
    }),
    cardUpdate: build.mutation<ApiEnvelope<UserInfo>, CardUpdateBody>({
      query: (data) => ({ url: '/user/cardupdate', method: 'PATCH', data }),
      invalidatesTags: ['User'],
    }),
    valitedRegister: build.mutation<ApiEnvelope, ValitedRegisterBody>({
      query: (data) => ({ url: '/user/valitedRegister', method: 'POST', data }),
    }),
    addAccount: build.mutation<ApiEnvelope<{ uid: number }>, AddAccountBody>({
      query: (data) => ({ url: '/user/addAccount', method: 'POST', data }),
    }),
    updateSkin: build.mutation<ApiEnvelope<{ skin: SkinId }>, SkinId>({
      query: (classname) => ({ url: '/user/updateskin', method: 'POST', params: { classname } }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useCheckCookieMutation,
  useGetInfoQuery,
  useLazyGetInfoQuery,
  useGetUserInfoQuery,
  useUpdateLoginMutation,
  useCardUpdateMutation,
  useValitedRegisterMutation,
  useAddAccountMutation,
  useUpdateSkinMutation,
} = userApi;
