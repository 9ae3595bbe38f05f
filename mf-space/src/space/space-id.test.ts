import { describe, expect, it } from 'vitest';
import { parseSpaceId } from './space-id';

describe('parseSpaceId', () => {
  it.each([
    ['1', 1],
    ['10002', 10002],
    ['999999999999999', 999_999_999_999_999],
  ])('%s is the id %d', (text, id) => {
    expect(parseSpaceId(text)).toBe(id);
  });

  it.each([undefined, '', '0', '00', '01', '-1', '+1', '1.5', '1e3', '0x10', ' 1', '1 ', 'abc', '1abc', '１２', '1000000000000000'])(
    '%j is not a space id',
    (text) => {
      expect(parseSpaceId(text)).toBeNull();
    },
  );
});
