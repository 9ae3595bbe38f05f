/** Sex radio (girl or boy; 0 girl, 1 boy) in a fieldset with a legend. */
import { useId } from 'react';
// From the singleton, never relatively (see BirthdaySelects.tsx).
import { styled, type Sex } from '@xiaoba/shared';

export const SEX_LABELS: Record<Sex, string> = { 0: '女生', 1: '男生' };

export function SexRadioGroup({ value, onChange }: { value: Sex | null; onChange: (sex: Sex) => void }) {
  const name = useId();
  return (
    <Fieldset>
      <legend>性别</legend>
      {([0, 1] as const).map((sex) => (
        <label key={sex}>
          <input type="radio" name={name} value={sex} checked={value === sex} onChange={() => onChange(sex)} />
          {SEX_LABELS[sex]}
        </label>
      ))}
    </Fieldset>
  );
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 12px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 16px;
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: 4px;
    width: 100%;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 36px;
    cursor: pointer;
  }
  input[type='radio'] {
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;
