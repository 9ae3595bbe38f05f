/** The sex radio (女生/男生) and the birthday selects (spec section 5) of /setting/profile. */
import { useId, useMemo } from 'react';
import { birthYears, type Sex, styled } from '@xiaoba/shared';
import { clampDay, dayOptions, type BirthdayValue } from './birthday';

export const SEX_LABELS: Record<Sex, string> = { 0: '女生', 1: '男生' };
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function SexRadios({ value, onChange }: { value: Sex | null; onChange: (sex: Sex) => void }) {
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

export function BirthdaySelects({ value, onChange }: { value: BirthdayValue; onChange: (value: BirthdayValue) => void }) {
  const id = useId();
  const years = useMemo(() => birthYears(), []);
  const part = (text: string) => (text === '' ? null : Number(text));
  const change = (key: keyof BirthdayValue, text: string) => onChange(clampDay({ ...value, [key]: part(text) }));
  const selects: Array<[keyof BirthdayValue, string, number[]]> = [
    ['year', '年', years],
    ['month', '月', MONTHS],
    ['day', '日', dayOptions(value)],
  ];
  return (
    <Fieldset>
      <legend>生日</legend>
      {selects.map(([key, label, options]) => (
        <span key={key}>
          <Select id={`${id}-${key}`} value={value[key] ?? ''} onChange={(e) => change(key, e.target.value)}>
            <option value="">--</option>
            {options.map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </Select>
          <label htmlFor={`${id}-${key}`}>{label}</label>
        </span>
      ))}
    </Fieldset>
  );
}

export const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 12px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 16px;
  legend { font-weight: 600; padding: 0; margin-bottom: 4px; }
  label { display: inline-flex; align-items: center; gap: 6px; min-height: 36px; cursor: pointer; }
  input[type='radio'] { width: 18px; height: 18px; margin: 0; }
  > span { display: inline-flex; align-items: center; gap: 4px; }
`;

export const Select = styled.select`
  min-height: 38px;
  padding: 6px 8px;
  font-size: 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
`;
