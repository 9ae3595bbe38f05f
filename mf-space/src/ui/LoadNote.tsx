/**
 * What a space's list or page shows in place of its content while that is not there: a status
 * while it loads (正在加载日志…), or when it failed with nothing to show, an alert with 重试
 * (日志加载失败 重试). Null once there is content to draw.
 */
import type { ReactElement } from 'react';
import { Button } from '@xiaoba/shared';
import { Note } from './item';

export interface LoadNoteProps {
  loading: boolean;
  failed: boolean;
  words: { loading: string; failed: string };
  onRetry(): unknown;
}

export function loadNote({ loading, failed, words, onRetry }: LoadNoteProps): ReactElement | null {
  if (loading) return <Note role="status">{words.loading}</Note>;
  if (!failed) return null;
  return (
    <Note role="alert">
      {words.failed}{' '}
      <Button type="button" $variant="plain" onClick={() => void onRetry()}>
        重试
      </Button>
    </Note>
  );
}
