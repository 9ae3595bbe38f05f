/**
 * The request bodies of 日志 (POST /api/diary/add, PATCH /api/diary/update, POST
 * /api/diary/comment/add) as valibot schemas, apart from ./diary.ts: a page that needs only an
 * entry's words or limits (the /search 日志 tab) then carries none of them. The server reads the
 * bodies through them; the editor and the comment box check with them before sending.
 */
import * as v from 'valibot';
import { DIARY_MSG, diaryEntryError, type EntryFields } from './diary';
import { BAD_REQUEST, commentRule, isId, optionalId, optionalText } from './validation';
import { cleanText } from './text';
import type { Visibility } from './visibility';

const text = optionalText;
const idOrZero = optionalId;

const entryRule = <T extends EntryFields>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const message = dataset.typed ? diaryEntryError(dataset.value) : null;
    if (message) addIssue({ message });
  });

const entryFields = {
  title: text(),
  content: text(),
  /** Upload URLs of POST /api/yy/upload, in the order shown. */
  images: v.optional(v.array(v.string(BAD_REQUEST), BAD_REQUEST), []),
  /** '' (absent) takes the owner's default (defaultVisibility). */
  visibility: text(),
};
/** The title on one line; the body HTML-stripped with its line breaks (paragraphs). */
const cleanEntry = <T extends { title: string; content: string }>(i: T): T => ({
  ...i,
  title: cleanText(i.title).replace(/\s+/g, ' '),
  content: cleanText(i.content),
});

/**
 * Body of POST /api/diary/add. An empty visibility is filled with the owner's default by the server
 * before the checks (the browser shows that default as chosen).
 */
export const AddDiarySchema = v.pipe(v.object(entryFields), v.transform(cleanEntry), entryRule());
export type AddDiaryInput = Omit<v.InferOutput<typeof AddDiarySchema>, 'visibility'> & { visibility: Visibility };

/** Body of PATCH /api/diary/update: the whole entry again (title, body, pictures, visibility). */
export const UpdateDiarySchema = v.pipe(
  v.object({ diaryId: idOrZero(), ...entryFields }),
  v.transform(cleanEntry),
  v.check((i) => isId(i.diaryId), DIARY_MSG.notFound),
  entryRule(),
);
export type UpdateDiaryInput = Omit<v.InferOutput<typeof UpdateDiarySchema>, 'visibility'> & { visibility: Visibility };

/** Body of POST /api/diary/comment/add: the rule of a yy's comment (validation.ts commentRule). */
export const AddDiaryCommentSchema = v.pipe(
  v.object({ diaryId: idOrZero(), content: text(), replyCommentId: idOrZero(), replyUid: idOrZero() }),
  v.transform((i) => ({ ...i, content: cleanText(i.content) })),
  v.check((i) => isId(i.diaryId), DIARY_MSG.notFound),
  commentRule(),
);
export type AddDiaryCommentInput = v.InferOutput<typeof AddDiaryCommentSchema>;
