/**
 * Renders stored text (a yy, a comment, a leave message): text nodes, emoji <img> and <br/>,
 * nothing else. React escapes text nodes, so a tag in the text shows as the characters typed; this
 * component must never use dangerouslySetInnerHTML.
 *
 * `highlight` (search results, issue 18): the parts of the text segments that match the words,
 * case-insensitively and across any run of whitespace (as the server searches), are wrapped in
 * <mark> elements, still as React text; emoji codes are pictures first, so a query never matches
 * inside one.
 */
import { Fragment, useMemo } from 'react';
import styled from 'styled-components';
import { tokenizeContent } from '../core/content';

const EMOJI_STYLE = { verticalAlign: 'middle' } as const;

export interface HighlightPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** A matcher for the words (whitespace runs folded), or null when there is nothing to find. */
function matcherOf(words: string | undefined): RegExp | null {
  const parts = (words ?? '').split(/\s+/u).filter(Boolean);
  return parts.length === 0 ? null : new RegExp(parts.map(escapeRegExp).join('\\s+'), 'giu');
}

function splitWith(text: string, matcher: RegExp | null): HighlightPart[] {
  if (!matcher || text === '') return [{ text, match: false }];
  const parts: HighlightPart[] = [];
  let at = 0;
  for (const found of text.matchAll(matcher)) {
    const start = found.index;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: found[0], match: true });
    at = start + found[0].length;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** `text` cut into the parts that match `words` (case-insensitive, any whitespace between words) and the rest. */
export function splitHighlight(text: string, words: string | undefined): HighlightPart[] {
  return splitWith(text, matcherOf(words));
}

function Marked({ parts }: { parts: HighlightPart[] }) {
  return parts.map((part, i) => (part.match ? <Mark key={i}>{part.text}</Mark> : <Fragment key={i}>{part.text}</Fragment>));
}

/** Plain text (a nickname) with the matches of `highlight` marked; no emoji, no line breaks. */
export function HighlightText({ text, highlight }: { text: string; highlight?: string }) {
  const parts = useMemo(() => splitHighlight(text, highlight), [text, highlight]);
  return <Marked parts={parts} />;
}

export function RichText({ text, className, highlight }: { text: string; className?: string; highlight?: string }) {
  const tokens = useMemo(() => tokenizeContent(text), [text]);
  const matcher = useMemo(() => matcherOf(highlight), [highlight]);
  return (
    <span className={className}>
      {tokens.map((token, i) => {
        if (token.type === 'text') return <Fragment key={i}>{matcher ? <Marked parts={splitWith(token.text, matcher)} /> : token.text}</Fragment>;
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
