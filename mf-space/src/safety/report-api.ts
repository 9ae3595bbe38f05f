/**
 * 举报 (docs/api.md "Safety"): one call, injected into the shared baseApi. Nothing is
 * cached: a report changes nothing the reporter sees but the server's answer (`msg` is
 * REPORT_MSG.reported, or REPORT_MSG.duplicate for an item already reported).
 */
import { baseApi, type ApiEnvelope, type ReportBody } from '@xiaoba/shared';

export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    reportAdd: build.mutation<ApiEnvelope, ReportBody>({
      query: (data) => ({ url: '/report/add', method: 'POST', data }),
    }),
  }),
});

export const { useReportAddMutation } = reportApi;
