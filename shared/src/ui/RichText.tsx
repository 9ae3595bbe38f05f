/**
 * Renders stored text (a yy, a comment, a leave message): text nodes, emoji <img> and <br/>,
 * nothing else. React escapes text nodes, so a tag in the text shows as the characters typed; this
 * component must never use dangerouslySetInnerHTML.
 */
import { Fragment, useMemo } from 'react';
import { tokenizeContent } from '../core/content';

const EMOJI_STYLE = { verticalAlign: 'middle' } as const;

export function RichText({ text, className }: { text: string; className?: string }) {
  const tokens = useMemo(() => tokenizeContent(text), [text]);
  return (
    <span className={className}>
      {tokens.map((token, i) => {
        if (token.type === 'text') return <Fragment key={i}>{token.text}</Fragment>;
        if (token.type === 'break') return <br key={i} />;
        return <img key={i} src={token.src} alt={token.alt} title={token.alt} width={24} height={24} loading="lazy" decoding="async" style={EMOJI_STYLE} />;
      })}
    </span>
  );
}
