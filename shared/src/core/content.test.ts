import { describe, expect, it } from 'vitest';
import { tokenizeContent } from './content';

const emoji = (code: string, alt: string) => ({ type: 'emoji', code, alt, src: `/assets/emoji/${code}.svg` });

describe('tokenizeContent', () => {
  it('returns nothing for empty text and one text token for plain text', () => {
    expect(tokenizeContent('')).toEqual([]);
    expect(tokenizeContent('你好 <b>')).toEqual([{ type: 'text', text: '你好 <b>' }]);
  });

  it('turns codes within range into emoji and keeps the text around them', () => {
    expect(tokenizeContent('早[b1]安[k167]')).toEqual([{ type: 'text', text: '早' }, emoji('b1', '微笑'), { type: 'text', text: '安' }, emoji('k167', '冲刺')]);
  });

  it('keeps codes outside their pack range literally, merged with the text around', () => {
    expect(tokenizeContent('a[b60]b[m60]c')).toEqual([{ type: 'text', text: 'a[b60]b' }, emoji('m60', '狐狸'), { type: 'text', text: 'c' }]);
    for (const text of ['[b0]', '[b55]', '[k168]', '[x12]', '[B12]', '[b012]', '[b 12]', '[b12', 'b12]', '[[b]12]']) {
      expect(tokenizeContent(text), text).toEqual([{ type: 'text', text }]);
    }
  });

  it('finds a code inside other brackets', () => {
    expect(tokenizeContent('[[b2]]')).toEqual([{ type: 'text', text: '[' }, emoji('b2', '咧嘴笑'), { type: 'text', text: ']' }]);
  });

  it('turns every kind of line end into a break, one per line end', () => {
    expect(tokenizeContent('a\nb\r\nc\rd\n\n')).toEqual([
      { type: 'text', text: 'a' },
      { type: 'break' },
      { type: 'text', text: 'b' },
      { type: 'break' },
      { type: 'text', text: 'c' },
      { type: 'break' },
      { type: 'text', text: 'd' },
      { type: 'break' },
      { type: 'break' },
    ]);
  });

  it('handles adjacent codes', () => {
    expect(tokenizeContent('[b1][b1][s93]')).toEqual([emoji('b1', '微笑'), emoji('b1', '微笑'), emoji('s93', '火箭')]);
  });
});
