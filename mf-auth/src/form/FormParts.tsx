/**
 * The small form pieces every mf-auth page uses: a labelled text field, the inline error region
 * (role="alert", near the submit button), a link-looking button, a panel. Colours come only from
 * the skin's theme tokens.
 */
import { useId, type Ref, type ReactNode } from 'react';
import { card, styled } from '@xiaoba/shared';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A visible <label> above its input; an optional hint is tied to the input with aria-describedby. */
export function TextField({ label, value, onChange, type = 'text', hint, inputRef, readOnly, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        ref={inputRef}
        type={type}
        value={value}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {hint && <Hint id={hintId}>{hint}</Hint>}
    </FieldBox>
  );
}

/**
 * Where validation and server errors are announced: always in the page (so screen readers pick
 * up the change), empty when there is nothing to say. `attempt` re-inserts the text on every
 * submit so the same message is announced again.
 */
export function FormAlert({ message, attempt = 0 }: { message: string | null; attempt?: number }) {
  return <AlertBox role="alert">{message && <span key={attempt}>{message}</span>}</AlertBox>;
}

export function Panel({ children, label, className }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <PanelBox aria-label={label} className={className}>
      {children}
    </PanelBox>
  );
}

export const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 12px;
  label {
    font-weight: 600;
  }
`;

export const Input = styled.input`
  width: 100%;
  min-height: 40px;
  padding: 8px 10px;
  /* 16px keeps old iPhones from zooming into the field. */
  font-size: 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  &[readonly] {
    background: ${(p) => p.theme.colors.page};
    color: ${(p) => p.theme.colors.text};
  }
`;

export const Select = styled.select`
  min-height: 40px;
  padding: 6px 8px;
  font-size: 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
`;

const Hint = styled.span`
  font-size: 12px;
  color: ${(p) => p.theme.colors.muted};
`;

const AlertBox = styled.p`
  min-height: 1.6em;
  margin: 4px 0 8px;
  color: ${(p) => p.theme.colors.danger};
  font-weight: 600;
`;

const PanelBox = styled.section`
  ${card}
  padding: 18px 20px;
  h2 {
    margin: 0 0 12px;
    font-size: 18px;
  }
`;

/** Looks like a link, behaves as a button: it opens something on this page rather than navigating. */
export const LinkButton = styled.button`
  display: inline;
  padding: 2px 0;
  border: 0;
  background: transparent;
  color: ${(p) => p.theme.colors.link};
  text-decoration: underline;
  cursor: pointer;
  font: inherit;
`;

export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  > button {
    flex: 1 1 120px;
    min-height: 44px;
  }
`;

export const CheckRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  margin-bottom: 10px;
  input {
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;
