import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './insert-at-cursor';

function area(value: string, start: number, end = start) {
  const textarea = document.createElement('textarea');
  textarea.value = value;
  textarea.setSelectionRange(start, end);
  return textarea;
}

describe('insertAtCursor', () => {
  it('inserts at the caret', () => {
    expect(insertAtCursor(area('你好', 1), '你好', '[b1]')).toEqual({ value: '你[b1]好', caret: 5 });
    expect(insertAtCursor(area('', 0), '', '[b1]')).toEqual({ value: '[b1]', caret: 4 });
    expect(insertAtCursor(area('ab', 2), 'ab', '[k167]')).toEqual({ value: 'ab[k167]', caret: 8 });
    expect(insertAtCursor(area('ab', 0), 'ab', '[m55]')).toEqual({ value: '[m55]ab', caret: 5 });
  });

  it('replaces the selection', () => {
    expect(insertAtCursor(area('abcdef', 1, 4), 'abcdef', '[b2]')).toEqual({ value: 'a[b2]ef', caret: 5 });
  });

  it('handles characters outside the BMP by their UTF-16 positions', () => {
    const value = '😀x';
    expect(insertAtCursor(area(value, 2), value, '[b1]')).toEqual({ value: '😀[b1]x', caret: 6 });
  });

  it('inserts only when the result fits within max, counted as characters', () => {
    expect(insertAtCursor(area('abcdef', 6), 'abcdef', '[b1]', 10)).toEqual({ value: 'abcdef[b1]', caret: 10 });
    expect(insertAtCursor(area('abcdefg', 3), 'abcdefg', '[b1]', 10)).toEqual({ value: 'abcdefg', caret: 3 });
    // Two emoji count as two characters, not four UTF-16 units.
    expect(insertAtCursor(area('😀😀', 4), '😀😀', '[b1]', 6)).toEqual({ value: '😀😀[b1]', caret: 8 });
    // Replacing a selection frees room.
    expect(insertAtCursor(area('abcdefghij', 0, 4), 'abcdefghij', '[b1]', 10)).toEqual({ value: '[b1]efghij', caret: 4 });
  });

  it('uses the end of the value when the selection is beyond it', () => {
    const textarea = area('abcdef', 6);
    expect(insertAtCursor(textarea, 'ab', '!')).toEqual({ value: 'ab!', caret: 3 });
  });
});
