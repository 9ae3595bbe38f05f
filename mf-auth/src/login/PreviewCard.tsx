/** Live preview of the profile card: name, age, zodiac sign icon and sex. */
import { age, type Sex, styled, zodiac } from '@xiaoba/shared';
import { type BirthdayValue, SEX_LABELS } from '@xiaoba/shared/forms';

/** Unicode zodiac symbols (drawn by the phone's font, no image request). */
const ZODIAC_SYMBOLS: Record<string, string> = {
  aries: '♈',
  taurus: '♉',
  gemini: '♊',
  cancer: '♋',
  leo: '♌',
  virgo: '♍',
  libra: '♎',
  scorpio: '♏',
  sagittarius: '♐',
  capricorn: '♑',
  aquarius: '♒',
  pisces: '♓',
};

export interface PreviewCardProps {
  name: string;
  birthday: BirthdayValue;
  sex: Sex | null;
}

export function PreviewCard({ name, birthday, sex }: PreviewCardProps) {
  const sign = birthday.month && birthday.day ? zodiac(birthday.month, birthday.day) : null;
  return (
    <Card aria-label="名片预览">
      <Name>{name.trim() || '你的名字'}</Name>
      <Facts>
        <div>
          <dt>年龄</dt>
          <dd>{birthday.year ? `${age(birthday.year)}岁` : '?岁'}</dd>
        </div>
        <div>
          <dt>星座</dt>
          <dd>
            {sign ? (
              <>
                <Sign role="img" aria-label={sign.name}>
                  {ZODIAC_SYMBOLS[sign.key] ?? '★'}
                </Sign>
                <span aria-hidden="true">{sign.name}</span>
              </>
            ) : (
              '未知'
            )}
          </dd>
        </div>
        <div>
          <dt>性别</dt>
          <dd>{sex === null ? '未选' : SEX_LABELS[sex]}</dd>
        </div>
      </Facts>
    </Card>
  );
}

const Card = styled.section`
  margin-bottom: 12px;
  padding: 10px 14px;
  border-radius: 8px;
  border: 1px dashed ${(p) => p.theme.colors.primary};
  background: ${(p) => p.theme.colors.page};
  color: ${(p) => p.theme.colors.pageText};
`;
const Name = styled.p`
  margin: 0 0 6px;
  font-size: 18px;
  font-weight: 700;
  overflow-wrap: anywhere;
`;
const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 18px;
  margin: 0;
  div {
    display: flex;
    gap: 4px;
  }
  dt {
    font-weight: 600;
  }
  dt::after {
    content: '：';
  }
  dd {
    margin: 0;
    display: inline-flex;
    align-items: center;
    gap: 2px;
  }
`;
const Sign = styled.span`
  font-size: 18px;
  line-height: 1;
`;
