/**
 * The fields of an album's create and settings dialogs: its name (with a counter to
 * ALBUM_NAME_MAX) and who may see it (the four VISIBILITY_LABEL choices as radio buttons).
 */
import type { Ref } from 'react';
import { FieldError, styled, TextCount, truncateText } from '@xiaoba/shared';
import { ALBUM_NAME_MAX, VISIBILITIES, VISIBILITY_LABEL, type Visibility } from '@xiaoba/shared/space-features';
import { textFieldBox, focusRing } from '../ui/controls';

export function AlbumNameField({
  id,
  value,
  error,
  onChange,
  ref,
}: {
  id: string;
  value: string;
  error: string | null;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Field>
      <label htmlFor={`${id}text`}>相册名称</label>
      <NameInput
        ref={ref}
        id={`${id}text`}
        type="text"
        value={value}
        autoComplete="off"
        aria-describedby={`${id}count${error ? ` ${id}error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(truncateText(e.currentTarget.value, ALBUM_NAME_MAX))}
      />
      <Count id={id} value={value} max={ALBUM_NAME_MAX} />
      {error && (
        <FieldError id={`${id}error`} role="alert">
          {error}
        </FieldError>
      )}
    </Field>
  );
}

export function VisibilityField({ name, value, onChange }: { name: string; value: Visibility; onChange(value: Visibility): void }) {
  return (
    <Choices>
      <legend>谁可以看</legend>
      {VISIBILITIES.map((choice) => (
        <label key={choice}>
          <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {VISIBILITY_LABEL[choice]}
        </label>
      ))}
    </Choices>
  );
}

const Field = styled.div`
  display: grid;
  gap: 4px;
  margin-bottom: 12px;
  label {
    font-weight: 700;
  }
`;
const NameInput = styled.input`
  ${textFieldBox}
  min-height: 36px;
  padding: 4px 8px;
  ${focusRing}
`;
const Count = styled(TextCount)`
  justify-self: end;
`;
const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0 0 12px;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 6px;
    padding: 0;
    font-weight: 700;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-height: 32px;
    cursor: pointer;
  }
`;
