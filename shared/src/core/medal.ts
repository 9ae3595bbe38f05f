/**
 * 勋章: medals earned by what a user made or was given, recomputed from their data (never by visits,
 * check-ins or streaks: nothing rewards coming back). The catalogue the server and the pages share;
 * the rules are one SQL definition (server/sql/10_medal_rules.sql), the answers' types are declared
 * in api-schemas/medal.ts. docs/api.md "勋章" describes the route.
 */
import type * as v from 'valibot';
import type * as S from './api-schemas';

/** The catalogue's ids, in the order every list shows them. */
export const MEDAL_IDS = ['newbie', 'talent', 'popular', 'friendship', 'veteran'] as const;
export type MedalId = (typeof MEDAL_IDS)[number];

/** Fans that earn 人气勋章, mutual follows that earn 友谊勋章. */
export const POPULAR_FANS = 10;
export const FRIENDSHIP_MUTUALS = 5;
/** Accounts registered (or holding verified imported posts) before this day earn 元老勋章: the old site's last day. */
export const VETERAN_BEFORE = '2015-12-26';

/** A medal's picture: a coloured disc with a white shape (a 20×20 SVG path); grey when not earned. */
export interface MedalImage {
  color: string;
  shape: string;
}

export interface Medal {
  id: MedalId;
  name: string;
  image: MedalImage;
}

export const MEDALS: readonly Medal[] = [
  {
    id: 'newbie',
    name: '新手勋章',
    image: { color: '#2e7d32', shape: 'M10 4l1.8 3.8 4.2.5-3.1 2.9.8 4.1L10 13.3l-3.7 2 .8-4.1L4 8.3l4.2-.5z' },
  },
  {
    id: 'talent',
    name: '才艺勋章',
    image: { color: '#6a1b9a', shape: 'M8 5.5l6-1.5v8.2a2 2 0 1 1-1.3-1.9V6.6L9.3 7.4v6.3a2 2 0 1 1-1.3-1.9z' },
  },
  {
    id: 'popular',
    name: '人气勋章',
    image: { color: '#c2185b', shape: 'M10 15.5s-5.5-3.4-5.5-7A3 3 0 0 1 10 6.6a3 3 0 0 1 5.5 1.9c0 3.6-5.5 7-5.5 7z' },
  },
  {
    id: 'friendship',
    name: '友谊勋章',
    image: {
      color: '#1f6fb2',
      shape:
        'M6.8 9.5a2.2 2.2 0 1 1 0-.1zM13.2 9.5a2.2 2.2 0 1 1 0-.1zM3.5 15.5c.4-2.4 1.8-3.6 3.3-3.6s2.9 1.2 3.2 3.6zm6.5 0c.3-2.4 1.7-3.6 3.2-3.6s2.9 1.2 3.3 3.6z',
    },
  },
  {
    id: 'veteran',
    name: '元老勋章',
    image: { color: '#b34700', shape: 'M11 3.5L6 11h3.5l-1 5.5L14 9h-3.5z' },
  },
];

/**
 * How each medal is earned, one sentence: the medal page's words. Apart from the catalogue, which
 * every space's side panel carries on its first load, so those sentences load with the page that shows them.
 */
export const MEDAL_HOW: Readonly<Record<MedalId, string>> = {
  newbie: '发表第一条yy。',
  talent: '写第一篇日志或者建第一个相册。',
  popular: `有${POPULAR_FANS}个粉丝。`,
  friendship: `和${FRIENDSHIP_MUTUALS}个人互相关注。`,
  veteran: '2015年12月26日以前注册的老账号，或者导入了那以前在老校巴发表、经过核对的内容。',
};

export const medalById = (id: MedalId): Medal => MEDALS.find((m) => m.id === id)!;

/** What a picture says to a screen reader: the name, and whether it is earned. */
export const medalAlt = (m: Pick<Medal, 'name'>, earned: boolean) => (earned ? m.name : `${m.name}（未获得）`);

/** The system notice of newly earned medals (one notice however many). */
export const medalNoticeText = (ids: readonly MedalId[]) => `你获得了新勋章：${ids.map((id) => medalById(id).name).join('、')}`;

export const MEDAL_MSG = {
  userNotFound: '用户不存在',
} as const;

/** GET /api/medal/list/{uid}: one medal of the catalogue, earned or not. */
export type MedalEntry = v.InferOutput<typeof S.MedalEntrySchema>;
