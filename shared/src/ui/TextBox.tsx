/**
 * A labelled textarea with its inline error, and the character counter that goes with it: the
 * writing box of every composer (yy, comments, the board, reposts, reports, 小纸条).
 * Both take the same `id` (from the caller's useId), so the wiring is one scheme everywhere:
 * `${id}text` the textarea, `${id}count` the counter, `${id}error` the error; the textarea is
 * described by the counter, and by the error while there is one (then also aria-invalid).
 * The counter is a separate piece because each form puts it in its own place (a tools row).
 */
import type { KeyboardEventHandler, ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { charCount } from '../core/validation';

export interface TextBoxProps {
  /** The base id, shared with the TextCount of the same box. */
  id: string;
  label: ReactNode;
  value: string;
  rows: number;
  error?: string | null;
  /** The new value as typed; limiting it is the caller's business (truncateText). */
  onChange(value: string): void;
  onKeyDown?: KeyboardEventHandler<HTMLTextAreaElement>;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextBox({ id, label, value, rows, error, onChange, onKeyDown, ref }: TextBoxProps) {
  return (
    <>
      <FieldLabel htmlFor={`${id}text`}>{label}</FieldLabel>
      <TextArea
        ref={ref}
        id={`${id}text`}
        value={value}
        rows={rows}
        aria-describedby={`${id}count${error ? ` ${id}error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {error && (
        <FieldError id={`${id}error`} role="alert">
          {error}
        </FieldError>
      )}
    </>
  );
}

export interface TextCountProps {
  /** The same base id as the TextBox it counts for. */
  id: string;
  /** What is counted: the box's text, or its count when that is not the whole text. */
  value: string | number;
  max: number;
  className?: string;
}

/** `used/max` under a TextBox, the text the box's aria-describedby points at. */
export function TextCount({ id, value, max, className }: TextCountProps) {
  return (
    <Counter id={`${id}count`} className={className}>
      {typeof value === 'number' ? value : charCount(value)}/{max}
    </Counter>
  );
}

/** A message about what was typed or chosen (give it role="alert" where it appears). */
export const FieldError = styled.p`
  margin: 6px 0 0;
  color: ${(p) => p.theme.colors.danger};
  font-size: 14px;
`;

const TextArea = styled.textarea`
  display: block;
  box-sizing: border-box;
  width: 100%;
  min-height: 76px;
  padding: 8px 10px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  line-height: 1.5;
  resize: vertical;
  &:focus {
    border-color: ${(p) => p.theme.colors.primary};
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 1px;
  }
`;

const FieldLabel = styled.label`
  display: block;
  margin-bottom: 4px;
  font-weight: 600;
`;

const Counter = styled.span`
  color: ${(p) => p.theme.colors.muted};
  font-size: 13px;
  font-variant-numeric: tabular-nums;
`;
