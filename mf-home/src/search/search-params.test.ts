import { describe, expect, it } from 'vitest';
import { SEARCH_MSG } from '@xiaoba/shared';
import { FEED } from '../route-table';
import { SEARCH_FEED, searchQueryOf, searchTabOf } from './search-params';

describe('/search address', () => {
  it("composes the same fragment as /home (route-table's FEED)", () => {
    expect(SEARCH_FEED).toEqual(FEED);
  });

  it('reads the tab: yy only for tab=yy, 用户 otherwise', () => {
    expect(searchTabOf(new URLSearchParams('q=a&tab=yy'))).toBe('yy');
    expect(searchTabOf(new URLSearchParams('q=a'))).toBe('user');
    expect(searchTabOf(new URLSearchParams('q=a&tab=YY'))).toBe('user');
  });

  it('reads the words as the server searches them, or why there is nothing to search', () => {
    expect(searchQueryOf(new URLSearchParams('q=%20Mi%20%20%E7%B1%B3%20'))).toEqual({ ok: true, value: 'mi 米' });
    expect(searchQueryOf(new URLSearchParams(''))).toEqual({ ok: false, message: SEARCH_MSG.empty });
    expect(searchQueryOf(new URLSearchParams(`q=${'字'.repeat(31)}`))).toEqual({ ok: false, message: SEARCH_MSG.tooLong });
  });
});
