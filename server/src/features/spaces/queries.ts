/**
 * Hot topics: the `#话题#` tags of the last days' yy posts, most used first, computed at most once
 * a minute per process (HotTopicsCache) so a page view never scans posts.
 */
import { HOT_TOPICS_MAX, type HotTopic } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';

/** Posts of this many days count. */
export const HOT_TOPICS_DAYS = 7;
/** How long a computed list is served before it is computed again. */
export const HOT_TOPICS_TTL_MS = 60_000;

/** Shown when no post of the last days has a topic: friendly starters (count 0). */
export const FALLBACK_TOPICS: readonly string[] = ['校巴回来了', '晒晒我的新装扮', '童年回忆', '今天的心情', '我的宠物', '周末去哪儿'];

/**
 * A topic: text between two `#` (half- or full-width), 1 to 20 characters, with no `#` and no
 * white space (half- or full-width) inside. The same rule in JavaScript for tests and clients.
 */
export const TOPIC_PATTERN = /[#＃]([^#＃\s\u3000]{1,20})[#＃]/gu;
// The same rule as a PostgreSQL (ARE) regular expression.
const TOPIC_SQL_PATTERN = '[#＃]([^#＃[:space:]\u3000]{1,20})[#＃]';

/**
 * Topics of the last HOT_TOPICS_DAYS days' posts written here (not imported) and not removed by a
 * moderator: each counts the posts using it (once per post).
 */
export async function computeHotTopics(db: Queryable, max = HOT_TOPICS_MAX): Promise<HotTopic[]> {
  const { rows } = await db.query<HotTopic>(
    `SELECT t.name, count(DISTINCT y.weibo_id)::int AS count
     FROM yy y
     CROSS JOIN LATERAL (SELECT m[1] AS name FROM regexp_matches(y.content, $1, 'g') AS m) t
     WHERE y.ctime > now() - make_interval(days => $2) AND (y.content LIKE '%#%' OR y.content LIKE '%＃%')
       -- Imported posts never count: a restore is not what is being talked about now.
       AND y.origin IS NULL
       -- Removed posts never count; the (ctime, weibo_id) index holds only visible ones.
       AND y.removed_at IS NULL
     GROUP BY t.name
     ORDER BY count DESC, max(y.ctime) DESC, t.name
     LIMIT $3`,
    [TOPIC_SQL_PATTERN, HOT_TOPICS_DAYS, max],
  );
  return rows.length > 0 ? rows : FALLBACK_TOPICS.map((name) => ({ name, count: 0 }));
}

/**
 * One computed list per process, served for `ttlMs`; requests arriving while it is being computed
 * share that computation. A failed computation is not kept (the next request tries again).
 */
export class HotTopicsCache {
  private value: HotTopic[] | null = null;
  private computedAt = 0;
  private pending: Promise<HotTopic[]> | null = null;

  constructor(
    private readonly compute: () => Promise<HotTopic[]>,
    private readonly ttlMs = HOT_TOPICS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<HotTopic[]> {
    if (this.value && this.now() - this.computedAt < this.ttlMs) return Promise.resolve(this.value);
    if (!this.pending) {
      this.pending = this.compute()
        .then((value) => {
          this.value = value;
          this.computedAt = this.now();
          return value;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }
}
