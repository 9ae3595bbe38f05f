/**
 * What an album's create and settings dialogs share: the dialog with 取消 and its submit button,
 * the album's name (with a counter to ALBUM_NAME_MAX) and who may see it (the four
 * VISIBILITY_LABEL choices as radio buttons), and the state of those two fields.
 */
import { useCallback, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Dialog, FieldError, styled, TextCount, truncateText } from '@xiaoba/shared';
import { ALBUM_NAME_MAX, VISIBILITIES, VISIBILITY_LABEL, type Visibility } from '@xiaoba/shared/space-features';
import { textFieldBox, focusRing } from '../ui/controls';

/** The name and visibility being edited, and the refusal shown under the name. */
export function useAlbumForm(initial: { name: string; visibility: Visibility }) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [visibility, setVisibility] = useState<Visibility>(initial.visibility);
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  /** Each opening starts from these values, with focus on the name (after Dialog's showModal). */
  const start = useCallback((from: { name: string; visibility: Visibility }) => {
    setName(from.name);
    setVisibility(from.visibility);
    setError(null);
    nameRef.current?.focus();
  }, []);
  /** A refusal (the rules' or the server's words): shown under the name, which takes the focus. */
  const refuse = useCallback((message: string) => {
    setError(message);
    nameRef.current?.focus();
  }, []);
  return { id, name, setName, visibility, setVisibility, error, setError, nameRef, start, refuse };
}

export type AlbumForm = ReturnType<typeof useAlbumForm>;

export interface AlbumFormDialogProps {
  open: boolean;
  title: string;
  width: number;
  /** The submit button's words, and its words while the request is out. */
  action: { label: string; busyLabel: string };
  busy: boolean;
  form: AlbumForm;
  onClose(): void;
  onSubmit(): Promise<void>;
  /** Fields after the name and visibility (the settings' covers). */
  children?: ReactNode;
}

/** The dialog of both: it cannot be closed or sent again while its request is out. */
export function AlbumFormDialog({ open, title, width, action, busy, form, onClose, onSubmit, children }: AlbumFormDialogProps) {
  const formId = `${form.id}form`;
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog
      open={open}
      title={title}
      onRequestClose={close}
      width={width}
      footer={
        <>
          <Button type="button" $variant="plain" onClick={close}>
            取消
          </Button>
          <Button type="submit" form={formId} aria-busy={busy || undefined}>
            {busy ? action.busyLabel : action.label}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void onSubmit();
        }}
        noValidate
      >
        <AlbumNameField
          ref={form.nameRef}
          id={form.id}
          value={form.name}
          error={form.error}
          onChange={(value) => {
            form.setName(value);
            form.setError(null);
          }}
        />
        <VisibilityField name={`${form.id}visibility`} value={form.visibility} onChange={form.setVisibility} />
        {children}
      </form>
    </Dialog>
  );
}

function AlbumNameField({
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

function VisibilityField({ name, value, onChange }: { name: string; value: Visibility; onChange(value: Visibility): void }) {
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
