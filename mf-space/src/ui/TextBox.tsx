/**
 * A labelled textarea with its inline error, and the character counter that goes with it.
 * Both take the same `id` (from the caller's useId), so the wiring is one scheme everywhere:
 * `${id}text` the textarea, `${id}count` the counter, `${id}error` the error; the textarea is
 * described by the counter, and by the error while there is one (then also aria-invalid).
 * The counter is a separate piece because each form puts it in its own place (a tools row).
 */
import type { ReactNode, Ref } from 'react';
import { charCount } from '@xiaoba/shared';
import { Counter, FieldError, FieldLabel, TextArea } from './fields';

export interface TextBoxProps {
  /** The base id, shared with the TextCount of the same box. */
  id: string;
  label: ReactNode;
  value: string;
  rows: number;
  error?: string | null;
  /** The new value as typed; limiting it is the caller's business. */
  onChange(value: string): void;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextBox({ id, label, value, rows, error, onChange, ref }: TextBoxProps) {
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
