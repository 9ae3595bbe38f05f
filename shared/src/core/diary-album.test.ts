import { describe, expect, it } from 'vitest';
import { ALBUM_MSG, CreateAlbumSchema, UpdateAlbumSchema } from './album';
import { DIARY_MSG } from './diary';
import { AddDiaryCommentSchema, AddDiarySchema, UpdateDiarySchema } from './diary-bodies';
import { firstError, parseWith } from './validation';
import { defaultVisibility } from './visibility';

const entry = { title: '春游', content: '今天去了公园。\n\n很开心[b1]', images: [], visibility: 'mutual' };

describe('a diary entry', () => {
  it('keeps its paragraphs, puts its title on one line and strips HTML', () => {
    const parsed = parseWith(AddDiarySchema, { ...entry, title: ' <b>春游</b>\n记 ', content: '<p>第一段</p>\r\n\r\n第二段' });
    expect(parsed.ok && parsed.value).toMatchObject({ title: '春游 记', content: '第一段\n\n第二段' });
  });

  it.each([
    [{ title: '' }, DIARY_MSG.titleEmpty],
    [{ title: '字'.repeat(31) }, DIARY_MSG.titleTooLong],
    [{ content: '', images: [] }, DIARY_MSG.empty],
    [{ content: '字'.repeat(5001) }, DIARY_MSG.tooLong],
    [{ images: Array.from({ length: 10 }, (_, i) => `/uploads/yy/${i}.webp`) }, DIARY_MSG.tooManyImages],
    [{ images: ['/uploads/yy/a.webp', '/uploads/yy/a.webp'] }, DIARY_MSG.sameImage],
    [{ visibility: 'friends' }, DIARY_MSG.badVisibility],
  ])('refuses %j with its message', (change, message) => {
    expect(firstError(AddDiarySchema, { ...entry, ...change })).toBe(message);
    expect(firstError(UpdateDiarySchema, { diaryId: 1, ...entry, ...change })).toBe(message);
  });

  it('accepts pictures without words, and 30 characters of title and 5,000 of body', () => {
    expect(firstError(AddDiarySchema, { ...entry, content: '', images: ['/uploads/yy/a.webp'] })).toBeNull();
    expect(firstError(AddDiarySchema, { ...entry, title: '字'.repeat(30), content: '字'.repeat(5000) })).toBeNull();
  });

  it('an edit names its entry; a comment names its entry and has words', () => {
    expect(firstError(UpdateDiarySchema, entry)).toBe(DIARY_MSG.notFound);
    expect(firstError(AddDiaryCommentSchema, { diaryId: 1, content: ' ' })).toBe(DIARY_MSG.commentEmpty);
    expect(firstError(AddDiaryCommentSchema, { diaryId: 0, content: '好' })).toBe(DIARY_MSG.notFound);
  });
});

describe('an album', () => {
  it('has a name of 1 to 20 characters and one of the four visibilities', () => {
    expect(firstError(CreateAlbumSchema, { name: ' ', visibility: 'public' })).toBe(ALBUM_MSG.nameEmpty);
    expect(firstError(CreateAlbumSchema, { name: '字'.repeat(21), visibility: 'public' })).toBe(ALBUM_MSG.nameTooLong);
    expect(firstError(CreateAlbumSchema, { name: '春游', visibility: 'all' })).toBe(ALBUM_MSG.badVisibility);
    expect(firstError(CreateAlbumSchema, { name: '春游', visibility: 'self' })).toBeNull();
  });

  it('an update changes what it names, and must name something', () => {
    expect(firstError(UpdateAlbumSchema, { albumId: 1 })).toBe(ALBUM_MSG.nothingToChange);
    expect(firstError(UpdateAlbumSchema, { albumId: 1, name: '' })).toBe(ALBUM_MSG.nameEmpty);
    expect(firstError(UpdateAlbumSchema, { albumId: 1, coverPhotoId: -1 })).toBe(ALBUM_MSG.badCover);
    expect(firstError(UpdateAlbumSchema, { albumId: 1, visibility: 'followers' })).toBeNull();
  });
});

describe('the default visibility', () => {
  const now = new Date(2026, 10, 29);
  it('is mutual under 18 and without a birthday, public for an adult', () => {
    expect(defaultVisibility('2012-05-01', now)).toBe('mutual');
    expect(defaultVisibility('', now)).toBe('mutual');
    expect(defaultVisibility(null, now)).toBe('mutual');
    expect(defaultVisibility('2000-05-01', now)).toBe('public');
  });
});
