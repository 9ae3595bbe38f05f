/**
 * Year, month and day selects of a birthday: years 1996 up to this year minus 10, days follow
 * the month's length in the chosen year; a day that no longer exists is clamped to the last one.
 */
import { useId, useMemo } from 'react';
// From the singleton, never relatively: this field is bundled into the pages that import
// `@xiaoba/shared/forms`, and a relative import would bundle a second styled-components there.
import { birthYears, styled } from '@xiaoba/shared';
import { clampDay, dayOptions, type BirthdayValue } from '../core/birthday-value';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function BirthdaySelects({ value, onChange }: { value: BirthdayValue; onChange: (value: BirthdayValue) => void }) {
  const id = useId();
  const years = useMemo(() => birthYears(), []);
  const days = dayOptions(value);
  const numberOrNull = (text: string) => (text === '' ? null : Number(text));
  const change = (part: keyof BirthdayValue, text: string) => onChange(clampDay({ ...value, [part]: numberOrNull(text) }));

  return (
    <Group>
      <legend>生日</legend>
      <span>
        <Select id={`${id}-y`} value={value.year ?? ''} onChange={(e) => change('year', e.target.value)}>
          <option value="">--</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
        <label htmlFor={`${id}-y`}>年</label>
      </span>
      <span>
        <Select id={`${id}-m`} value={value.month ?? ''} onChange={(e) => change('month', e.target.value)}>
          <option value="">--</option>
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
        <label htmlFor={`${id}-m`}>月</label>
      </span>
      <span>
        <Select id={`${id}-d`} value={value.day ?? ''} onChange={(e) => change('day', e.target.value)}>
          <option value="">--</option>
          {days.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </Select>
        <label htmlFor={`${id}-d`}>日</label>
      </span>
    </Group>
  );
}

const Group = styled.fieldset`
  border: 0;
  margin: 0 0 12px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px 10px;
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: 4px;
  }
  > span {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
`;

const Select = styled.select`
  min-height: 40px;
  padding: 6px 8px;
  font-size: 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
`;
