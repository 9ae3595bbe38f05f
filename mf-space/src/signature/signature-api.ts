/** The own signatures' calls (POST updatebigqm?qm / updatesmallqm?qm). */
import { baseApi, type ApiEnvelope } from '@xiaoba/shared';

export const signatureApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateBigSignature: build.mutation<ApiEnvelope<{ qm: string }>, string>({
      query: (qm) => ({ url: '/user/updatebigqm', method: 'POST', params: { qm } }),
    }),
    updateSmallSignature: build.mutation<ApiEnvelope<{ qianming: string }>, string>({
      query: (qm) => ({ url: '/user/updatesmallqm', method: 'POST', params: { qm } }),
    }),
  }),
});

export const { useUpdateBigSignatureMutation, useUpdateSmallSignatureMutation } = signatureApi;
