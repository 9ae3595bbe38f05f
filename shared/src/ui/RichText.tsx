/**
 * Renders stored text (a yy, a comment, a leave message): text nodes, emoji <img> and <br/>,
 * nothing else. React escapes text nodes, so a tag in the text shows as the characters typed; this
 * component must never use dangerouslySetInnerHTML.
 *
 * `highlight` (search results): the parts of the text segments that match the words,
 * case-insensitively and across any run of whitespace (as the server searches), are wrapped in
 * <mark> elements, still as React text; emoji codes are pictures first, so a query never matches
 * inside one.
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokenizeContent } from '../core/content';

const EMOJI_STYLE = { verticalAlign: 'middle' } as const;

/** A matcher (one capturing group) for the words, any whitespace between them; null for none. */
function matcherOf(words = ''): RegExp | null {
  const parts = words
    .split(/\s+/u)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  return parts.length ? new RegExp(`(${parts.join('\\s+')})`, 'giu') : null;
}

/** `text` with its matches in <mark>: split with a capturing group puts them at the odd places. */
const marked = (text: string, matcher: RegExp | null): ReactNode =>
  matcher ? text.split(matcher).map((part, i) => (i % 2 ? <Mark key={i}>{part}</Mark> : part)) : text;

/** Plain text (a nickname) with the matches of `highlight` marked; no emoji, no line breaks. */
export function HighlightText({ text, highlight }: { text: string; highlight?: string }) {
  return <>{marked(text, matcherOf(highlight))}</>;
}

export function RichText({ text, className, highlight }: { text: string; className?: string; highlight?: string }) {
  const tokens = useMemo(() => tokenizeContent(text), [text]);
  const matcher = useMemo(() => matcherOf(highlight), [highlight]);
  return (
    <span className={className}>
      {tokens.map((token, i) => {
        if (token.type === 'text') return <Fragment key={i}>{marked(token.text, matcher)}</Fragment>;
        if (token.type === 'break') return <br key={i} />;
        return <img key={i} src={token.src} alt={token.alt} title={token.alt} width={24} height={24} loading="lazy" decoding="async" style={EMOJI_STYLE} />;
      })}
    </span>
  );
}

/** The skin's primary pair (AA in every skin, theme/skins.test.ts), not told by colour alone: bold too. */
const Mark = styled.mark`
  /* Said explicitly: accessible-name tools that read no UA stylesheet (jsdom) take it for a block. */
  display: inline;
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.onPrimary};
  font-weight: 700;
  border-radius: 2px;
  padding: 0 1px;
`;
