/**
 * Posting a yy on the own space: words (kept as a draft until posted), emoji, up to nine pictures
 * uploaded as soon as they are chosen. The post goes out only when every picture is up.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import {
  Button,
  card,
  CreateYySchema,
  EmojiPicker,
  FieldError,
  firstError,
  notify,
  styled,
  TextBox,
  TextCount,
  truncateText,
  useEmojiInsert,
  YY_TEXT_MAX,
  type ApiError,
} from '@xiaoba/shared';
import { Row } from '../ui/fields';
import { useCreateYyMutation } from '../yy/yy-api';
import { loadDraft, saveDraft } from './draft';
import { ImageInput } from './ImageInput';
import { ImageSlots } from './ImageSlots';
import { useImageUploads } from './useImageUploads';

export const UPLOAD_FAILED_BLOCK = '有图片没有上传成功，请先移除它';

export function Composer({ uid }: { uid: number }) {
  const [text, setTextState] = useState(() => loadDraft(uid));
  const [error, setError] = useState<string | null>(null);
  const images = useImageUploads();
  const [createYy, { isLoading: posting }] = useCreateYyMutation();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const setText = (value: string) => {
    const next = truncateText(value, YY_TEXT_MAX);
    setTextState(next);
    saveDraft(uid, next);
    if (error) setError(null);
  };
  const insertEmoji = useEmojiInsert(textRef, text, setText, YY_TEXT_MAX);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (posting || images.uploading) return;
    if (images.failed) return setError(UPLOAD_FAILED_BLOCK);
    const problem = firstError(CreateYySchema, { content: text, images: images.urls });
    if (problem) {
      setError(problem);
      textRef.current?.focus();
      return;
    }
    try {
      const res = await createYy({ content: text, ...(images.urls.length ? { images: images.urls } : {}) }).unwrap();
      notify.success(res.msg || '发布成功');
      setTextState('');
      saveDraft(uid, '');
      images.clear();
    } catch (err) {
      // The words stay in the box and in the draft: nothing is lost on a failed post.
      notify.error((err as ApiError).message || '发布失败');
    }
  };

  return (
    <Form aria-labelledby={`${id}title`} onSubmit={submit} noValidate>
      <h2 id={`${id}title`} className="visually-hidden">
        发表yy
      </h2>
      <TextBox ref={textRef} id={id} label="说点什么吧" value={text} rows={3} error={error} onChange={setText} />
      {images.refused.length > 0 && (
        <div role="alert">
          {images.refused.map((line) => (
            <FieldError key={line}>{line}</FieldError>
          ))}
        </div>
      )}
      <ImageSlots slots={images.slots} onRemove={images.remove} />
      <Tools>
        <EmojiPicker onPick={insertEmoji} />
        <ImageInput count={images.slots.length} onFiles={images.add} />
        <TextCount id={id} value={text} max={YY_TEXT_MAX} />
        <Post type="submit" disabled={images.uploading} aria-busy={posting || undefined}>
          {images.uploading ? '图片上传中…' : posting ? '发布中…' : '发布'}
        </Post>
      </Tools>
    </Form>
  );
}

const Form = styled.form`
  ${card}
  margin: 0 0 16px;
  padding: 12px 14px;
`;
const Tools = styled(Row)`
  margin-top: 10px;
`;
const Post = styled(Button)`
  margin-left: auto;
`;
