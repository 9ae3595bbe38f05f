/**
 * Writing or editing a 日志 entry, a page of its own (room for the body on a phone): the title
 * (counted to DIARY_TITLE_MAX), the body keeping its line breaks (to DIARY_TEXT_MAX), emoji, up to
 * DIARY_IMAGES_MAX pictures uploaded as soon as they are chosen (with their progress), and who
 * may read it; a new entry starts with the writer's default (a child's: 互相关注可见). What is
 * written is kept as a draft until it is sent, and after a failed send.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  Button,
  EmojiPicker,
  FieldError,
  firstError,
  Link,
  notify,
  styled,
  TextBox,
  TextCount,
  truncateText,
  useEmojiInsert,
  useNavigate,
  type ApiError,
} from '@xiaoba/shared';
import {
  AddDiarySchema,
  DIARY_IMAGES_MAX,
  DIARY_MSG,
  DIARY_TEXT_MAX,
  DIARY_TITLE_MAX,
  diaryEntryError,
  VISIBILITIES,
  VISIBILITY_LABEL,
  type Diary,
  type Visibility,
} from '@xiaoba/shared/space-features';
import { useAddDiaryMutation, useUpdateDiaryMutation } from './diary-api';
import { UPLOAD_FAILED_BLOCK } from '../composer/Composer';
import { ImageInput } from '../composer/ImageInput';
import { ImageSlots } from '../composer/ImageSlots';
import { useImageUploads } from '../composer/useImageUploads';
import { textFieldBox, focusRing } from '../ui/controls';
import { Row } from '../ui/fields';
import { draftKey, loadDraft, saveDraft } from './draft';

interface Draft {
  title: string;
  content: string;
  visibility: Visibility;
  images: string[];
}

export interface DiaryEditorProps {
  uid: number;
  /** The entry being edited, or null for a new one. */
  entry: Diary | null;
  /** What a new entry starts as (defaultVisibility of the writer's birthday). */
  startVisibility: Visibility;
}

const TITLE_RULES: string[] = [DIARY_MSG.titleEmpty, DIARY_MSG.titleTooLong];

export function DiaryEditor({ uid, entry, startVisibility }: DiaryEditorProps) {
  const id = useId();
  const navigate = useNavigate();
  const [title, setTitle] = useState(entry?.title ?? '');
  const [content, setContent] = useState(entry?.content ?? '');
  const [visibility, setVisibility] = useState<Visibility>(entry?.visibility ?? startVisibility);
  const [error, setError] = useState<string | null>(null);
  const images = useImageUploads(entry?.images ?? []);
  const [addDiary, { isLoading: adding }] = useAddDiaryMutation();
  const [updateDiary, { isLoading: updating }] = useUpdateDiaryMutation();
  const busy = adding || updating;
  const titleRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const key = draftKey(uid, entry ? `edit:${entry.diaryId}` : 'new');
  // Only what the writer changed is kept: opening an edit page alone writes no draft.
  const touched = useRef(false);

  // A draft comes back once the page is live (the server's render shows the saved entry or an empty form).
  useEffect(() => {
    const kept = loadDraft<Draft>(key);
    if (!kept) return;
    touched.current = true;
    setTitle(kept.title ?? '');
    setContent(kept.content ?? '');
    if ((VISIBILITIES as readonly string[]).includes(kept.visibility)) setVisibility(kept.visibility);
    images.clear();
    images.restore(Array.isArray(kept.images) ? kept.images : []);
    // Once per page: `images` is a new object every render.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const urls = images.urls.join('\n');
  useEffect(() => {
    if (touched.current) saveDraft(key, { title, content, visibility, images: urls ? urls.split('\n') : [] } satisfies Draft);
  }, [key, title, content, visibility, urls]);

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      touched.current = true;
      set(value);
      if (error) setError(null);
    };
  const changeContent = edit((value: string) => setContent(truncateText(value, DIARY_TEXT_MAX)));
  const insertEmoji = useEmojiInsert(textRef, content, changeContent, DIARY_TEXT_MAX);
  const addFiles = (files: File[]) => {
    touched.current = true;
    images.add(files);
  };
  const removeImage = (slot: number) => {
    touched.current = true;
    images.remove(slot);
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy || images.uploading) return;
    if (images.failed) return setError(UPLOAD_FAILED_BLOCK);
    const body = { title, content, images: images.urls, visibility };
    const problem = firstError(AddDiarySchema, body) ?? diaryEntryError({ ...body, title: title.trim(), content: content.trim() });
    if (problem) {
      setError(problem);
      (TITLE_RULES.includes(problem) ? titleRef : textRef).current?.focus();
      return;
    }
    try {
      const diaryId = entry ? entry.diaryId : (await addDiary(body).unwrap()).diaryId;
      if (entry) await updateDiary({ diaryId, ...body }).unwrap();
      saveDraft(key, null);
      touched.current = false;
      notify.success(entry ? DIARY_MSG.updated : DIARY_MSG.added);
      navigate(`/my/diary/${diaryId}`, { replace: Boolean(entry) });
    } catch (err) {
      // Everything stays on the screen and in the draft: nothing is lost on a failed send.
      const message = (err as ApiError).message || (entry ? '保存失败' : '发表失败');
      setError(message);
      notify.error(message);
    }
  };

  const titleError = error !== null && TITLE_RULES.includes(error);
  const heading = entry ? '编辑日志' : '写日志';
  return (
    <Form aria-labelledby={`${id}heading`} onSubmit={submit} noValidate>
      <h2 id={`${id}heading`}>{heading}</h2>
      <Field>
        <label htmlFor={`${id}title`}>标题</label>
        <input
          ref={titleRef}
          id={`${id}title`}
          value={title}
          maxLength={DIARY_TITLE_MAX * 2}
          aria-describedby={`${id}tcount${titleError ? ` ${id}terror` : ''}`}
          aria-invalid={titleError || undefined}
          onChange={(e) => edit(setTitle)(truncateText(e.currentTarget.value, DIARY_TITLE_MAX))}
        />
        <TextCount id={`${id}t`} value={title} max={DIARY_TITLE_MAX} className="count" />
        {titleError && (
          <FieldError id={`${id}terror`} role="alert">
            {error}
          </FieldError>
        )}
      </Field>
      <Field>
        <TextBox ref={textRef} id={id} label="正文" value={content} rows={12} error={titleError ? null : error} onChange={changeContent} />
        <TextCount id={id} value={content} max={DIARY_TEXT_MAX} className="count" />
      </Field>
      {images.refused.length > 0 && (
        <div role="alert">
          {images.refused.map((line) => (
            <FieldError key={line}>{line}</FieldError>
          ))}
        </div>
      )}
      <ImageSlots slots={images.slots} onRemove={removeImage} />
      <Row className="tools">
        <EmojiPicker onPick={insertEmoji} />
        <ImageInput count={images.slots.length} onFiles={addFiles} />
        <span className="hint">最多{DIARY_IMAGES_MAX}张</span>
      </Row>
      <Field>
        <label htmlFor={`${id}vis`}>谁可以看</label>
        <select id={`${id}vis`} value={visibility} onChange={(e) => edit(setVisibility)(e.currentTarget.value as Visibility)}>
          {VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABEL[v]}
            </option>
          ))}
        </select>
      </Field>
      <Row className="send">
        <Link to={entry ? `/my/diary/${entry.diaryId}` : '/my/diary'}>取消</Link>
        <Button type="submit" disabled={images.uploading} aria-busy={busy || undefined}>
          {images.uploading ? '图片上传中…' : busy ? '保存中…' : entry ? '保存' : '发表'}
        </Button>
      </Row>
    </Form>
  );
}

const Form = styled.form`
  h2 {
    margin: 0 0 12px;
    font-size: 17px;
  }
  .tools {
    margin-top: 10px;
  }
  .hint {
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
  .send {
    justify-content: flex-end;
    margin-top: 16px;
    gap: 16px;
  }
`;
const Field = styled.div`
  margin: 0 0 12px;
  > label {
    display: block;
    margin: 0 0 4px;
    font-weight: 600;
  }
  input,
  select {
    ${textFieldBox}
    box-sizing: border-box;
    width: 100%;
    min-height: 40px;
    padding: 6px 10px;
    ${focusRing}
  }
  .count {
    display: block;
    text-align: right;
  }
`;
