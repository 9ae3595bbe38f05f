/**
 * The preset faces as one radio group (WAI-ARIA radio group pattern): one tab stop, arrow keys move
 * the choice (and focus) with wrap-around, Home/End jump to the ends, a click chooses.
 */
import { useRef, type KeyboardEvent } from 'react';
import { Avatar, PRESET_FACES, styled } from '@xiaoba/shared';

export interface FacePickerProps {
  value: number;
  onChange: (code: number) => void;
  /** The user's name and uid: face 0 shows their letter circle. */
  name: string;
  uid: number;
  labelledBy: string;
}

export function FacePicker({ value, onChange, name, uid, labelledBy }: FacePickerProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const count = PRESET_FACES.length;
  const current = value >= 0 && value < count ? value : 0;

  const choose = (code: number) => {
    onChange(code);
    refs.current[code]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (current + 1) % count
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (current - 1 + count) % count
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? count - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    choose(next);
  };

  return (
    <Grid role="radiogroup" aria-labelledby={labelledBy}>
      {PRESET_FACES.map((face) => {
        const checked = face.code === current;
        return (
          <Option
            key={face.code}
            ref={(el) => {
              refs.current[face.code] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={face.name}
            tabIndex={checked ? 0 : -1}
            onClick={() => choose(face.code)}
            onKeyDown={onKeyDown}
          >
            {/* The radio's label names the face; the picture and caption are for the eyes. */}
            <span aria-hidden="true">
              <Avatar uid={uid} face={face.code} avatar="" name={name} size={56} fixed />
            </span>
            <span aria-hidden="true">{face.name}</span>
          </Option>
        );
      })}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(76px, 1fr));
  gap: 8px;
  margin: 8px 0 12px;
`;
const Option = styled.button`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  padding: 6px 4px;
  border: 2px solid transparent;
  border-radius: 10px;
  background: transparent;
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  font-size: 13px;
  cursor: pointer;
  &[aria-checked='true'] {
    border-color: ${(p) => p.theme.colors.primary};
    background: ${(p) => p.theme.colors.page};
    font-weight: 700;
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
