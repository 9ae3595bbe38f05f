/**
 * 转发: the yy that will be reposted and optional words (up to 233). The id sent is the clicked
 * yy's; for a repost of a repost the server reposts the original, so the preview shows that one.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Button, COMMENT_MAX, Dialog, notify, RichText, styled, TextBox, TextCount, truncateText, type ApiError, type Yy } from '@xiaoba/shared';
import { useCreateYyMutation } from '../yy/yy-api';
import { Quote, SOURCE_DELETED, sourceGone } from './RepostSource';

export function RepostDialog({ yy, open, onClose }: { yy: Yy; open: boolean; onClose(): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createYy, { isLoading }] = useCreateYyMutation();
  const id = useId();
  const formId = `${id}form`;

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (isLoading) return;
    try {
      const res = await createYy({ content: text.trim(), transpondId: yy.weiboId }).unwrap();
      notify.success(res.msg || '转发成功');
      setText('');
      onClose();
    } catch (err) {
      // The dialog stays open with the words, so trying again costs nothing. A repost the owner
      // does not allow (blocked, frozen) is said in the dialog, where the eyes are.
      const e = err as ApiError;
      if (e.status === 403 && e.message) setError(e.message);
      else notify.error(e.message || '转发失败');
    }
  };

  return (
    <Dialog
      open={open}
      title="转发yy"
      onRequestClose={() => !isLoading && onClose()}
      width={480}
      footer={
        <>
          <Button type="button" $variant="plain" onClick={() => !isLoading && onClose()}>
            取消
          </Button>
          <Button type="submit" form={formId} aria-busy={isLoading || undefined}>
            {isLoading ? '转发中…' : '转发'}
          </Button>
        </>
      }
    >
      <Preview yy={yy} />
      <form id={formId} onSubmit={submit} noValidate>
        <TextBox
          id={id}
          label="转发理由（可不填）"
          value={text}
          rows={3}
          error={error}
          onChange={(value) => {
            setText(truncateText(value, COMMENT_MAX));
            setError(null);
          }}
        />
        <Count id={id} value={text} max={COMMENT_MAX} />
      </form>
    </Dialog>
  );
}

/** What will be reposted: the yy itself, or the original when it is a repost. */
function Preview({ yy }: { yy: Yy }) {
  const isRepost = yy.transpondId > 0;
  if (isRepost && sourceGone(yy)) {
    return (
      <PreviewBox role="group" aria-label="要转发的yy">
        <p>{SOURCE_DELETED}</p>
      </PreviewBox>
    );
  }
  const name = isRepost ? yy.sourceName : yy.userName;
  const content = isRepost ? yy.sourceContent : yy.content;
  const pictures = (isRepost ? yy.sourceTData : yy.typeData)?.data.length ?? 0;
  return (
    <PreviewBox role="group" aria-label="要转发的yy">
      <p>
        <strong>@{name}</strong>：<RichText text={content} />
        {pictures > 0 && <span>（{pictures}张图片）</span>}
      </p>
    </PreviewBox>
  );
}

const PreviewBox = styled(Quote)`
  margin: 0 0 12px;
  max-height: 30vh;
  overflow: auto;
`;
const Count = styled(TextCount)`
  display: block;
  margin-top: 4px;
  text-align: right;
`;
