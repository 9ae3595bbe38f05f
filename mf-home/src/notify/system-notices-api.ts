/**
 * The signed-in user's own notices from the moderators (docs/api.md "Safety"), injected
 * into the shared baseApi. Tag `SystemNotices`: every page of them and the unread count.
 */
import { baseApi, type ApiEnvelope, type Page, type SystemNotice, type SystemNoticeKind } from '@xiaoba/shared';

/** One page of notices and how many of all of them are unread. */
export interface SystemNoticePage extends Page<SystemNotice> {
  unread: number;
}

/** POST /api/notice/system/read: marks read every notice up to this id (the newest one shown). */
export interface ReadSystemNoticesBody {
  upTo: number;
}

// Every kind, checked complete by the type: a new kind the page does not know is dropped, never shown blank.
const KINDS: Record<SystemNoticeKind, true> = {
  report_handled: true,
  removed: true,
  restored: true,
  warning: true,
  frozen: true,
  banned: true,
  lifted: true,
  medal: true,
};

const isNotice = (n: unknown): n is SystemNotice =>
  typeof n === 'object' &&
  n !== null &&
  typeof (n as SystemNotice).id === 'number' &&
  typeof (n as SystemNotice).text === 'string' &&
  typeof (n as SystemNotice).ctime === 'number' &&
  Object.hasOwn(KINDS, (n as SystemNotice).kind);

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

// A malformed answer reads as "no notices" rather than breaking the page.
export const systemNoticesOf = (res: ApiEnvelope<Partial<SystemNoticePage>>): SystemNoticePage => {
  const d = res.data ?? {};
  const records = (Array.isArray(d.records) ? d.records : []).filter(isNotice).map((n) => ({ ...n, unread: n.unread === true }));
  return {
    records,
    total: num(d.total, records.length),
    pages: num(d.pages, records.length > 0 ? 1 : 0),
    current: num(d.current, 1),
    size: num(d.size, records.length),
    // The count over every page; without it, at least the unread ones of this page.
    unread: num(d.unread, records.filter((n) => n.unread).length),
  };
};

export const systemNoticesApi = baseApi.enhanceEndpoints({ addTagTypes: ['SystemNotices'] }).injectEndpoints({
  endpoints: (build) => ({
    getSystemNotices: build.query<SystemNoticePage, number>({
      query: (page) => ({ url: '/notice/system', params: { pageNum: page } }),
      transformResponse: systemNoticesOf,
      providesTags: ['SystemNotices'],
    }),
    /**
     * Marks read what the page shows. Every cached page takes the new state at once (so the count
     * on /home drops without asking again); the page itself keeps its 新 marks while it is read.
     */
    readSystemNotices: build.mutation<void, ReadSystemNoticesBody>({
      query: (body) => ({ url: '/notice/system/read', method: 'POST', data: body }),
      async onQueryStarted({ upTo }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // still unread: the next visit tries again
        }
        for (const page of systemNoticesApi.util.selectCachedArgsForQuery(getState(), 'getSystemNotices')) {
          dispatch(
            systemNoticesApi.util.updateQueryData('getSystemNotices', page, (draft) => {
              for (const n of draft.records) {
                if (n.unread && n.id <= upTo) {
                  n.unread = false;
                  draft.unread = Math.max(0, draft.unread - 1);
                }
              }
            }),
          );
        }
      },
    }),
  }),
});

export const { useGetSystemNoticesQuery, useReadSystemNoticesMutation } = systemNoticesApi;
