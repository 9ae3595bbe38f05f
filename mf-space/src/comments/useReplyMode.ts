/**
 * The comment box's text and whom it answers (reply mode): 回复 fills
 * the box with `回复 <name>：` and sets the target; emptying the box or 取消回复 clears the target.
 * The prefix is only a hint on screen: what is sent is the text after it, up to 233 characters.
 */
import { useState } from 'react';
import { charCount, COMMENT_MAX, truncateText } from '@xiaoba/shared';

export interface ReplyTarget {
  commentId: number;
  uid: number;
  name: string;
}

export const replyPrefix = (name: string) => `回复 ${name}：`;

export function useReplyMode() {
  const [text, setRawText] = useState('');
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const prefix = target ? replyPrefix(target.name) : '';
  const hasPrefix = prefix !== '' && text.startsWith(prefix);
  const content = hasPrefix ? text.slice(prefix.length) : text;

  const setText = (value: string) => {
    if (value === '') {
      setRawText('');
      setTarget(null);
      return;
    }
    // The limit is on what is sent, so the prefix does not eat into it.
    const keep = target && value.startsWith(prefix) ? prefix + truncateText(value.slice(prefix.length), COMMENT_MAX) : truncateText(value, COMMENT_MAX);
    setRawText(keep);
  };

  return {
    text,
    target,
    /** What goes to the server: the words without the prefix. */
    content,
    count: charCount(content),
    /** The most the box may hold now (for emoji insertion). */
    max: COMMENT_MAX + (hasPrefix ? charCount(prefix) : 0),
    setText,
    reply(next: ReplyTarget) {
      // Words already written after an earlier prefix are kept under the new one.
      setRawText(replyPrefix(next.name) + content);
      setTarget(next);
    },
    cancelReply() {
      setRawText(content);
      setTarget(null);
    },
    reset() {
      setRawText('');
      setTarget(null);
    },
  };
}
