/** The signature calls of /setting/profile (POST updatebigqm?qm / updatesmallqm?qm). */
import { baseApi, type ApiEnvelope } from '@xiaoba/shared';

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveBigSignature: build.mutation<ApiEnvelope<{ qm: string }>, string>({
      query: (qm) => ({ url: '/user/updatebigqm', method: 'POST', params: { qm } }),
    }),
    saveSmallSignature: build.mutation<ApiEnvelope<{ qianming: string }>, string>({
      query: (qm) => ({ url: '/user/updatesmallqm', method: 'POST', params: { qm } }),
    }),
  }),
});

export const { useSaveBigSignatureMutation, useSaveSmallSignatureMutation } = profileApi;
