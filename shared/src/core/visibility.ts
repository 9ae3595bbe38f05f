/**
 * Who may see a diary entry or an album: one rule for both, chosen per item by its owner. A child's
 * (under 18, or no birthday) items start as `mutual`, an adult's as `public`. The server decides
 * who sees what in one SQL function (server/sql/10_content_visible.sql); the pages only show the choice.
 */
import { isMinor } from './domain';

export const VISIBILITIES = ['public', 'followers', 'mutual', 'self'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The choice as the owner reads it in a picker, and beside the item. */
export const VISIBILITY_LABEL = {
  public: '所有人可见',
  followers: '粉丝可见',
  mutual: '互相关注可见',
  self: '仅自己可见',
} as const satisfies Record<Visibility, string>;

/** What a new entry or album starts as for an owner with this birthday ('' or null counts as under 18). */
export function defaultVisibility(birthday: string | null | undefined, now: Date = new Date()): Visibility {
  return isMinor(birthday, now) ? 'mutual' : 'public';
}

export const isVisibility = (value: unknown): value is Visibility => typeof value === 'string' && (VISIBILITIES as readonly string[]).includes(value);
