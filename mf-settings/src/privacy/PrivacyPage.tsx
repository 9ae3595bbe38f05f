/**
 * /setting/privacy (隐私设置): who may comment on my yy, write on my board, follow me, repost my
 * yy and write me 小纸条; whether others see my visitors, birthday, follow lists and last login, and
 * whether my nickname finds me; then the users I blocked. A minor (by the birthday) is told why their
 * account started with everything shown only to them, and that adults write them 小纸条 only when
 * they follow each other, whatever they choose. Every
 * setting is one click and saves at once; it shows the new value before the server answers and goes
 * back, saying why, if the server refuses. The wording is neutral on purpose (children's privacy
 * codes: no nudge towards less privacy), and the defaults are the server's.
 */
import { useId, useState } from 'react';
import { Button, errorMessage, isMinor, notify, PRIVACY_MSG, SCRIP_MSG, SCRIP_WHO, styled, type PrivacySettings, type WhoMayWrite } from '@xiaoba/shared';
import { SettingsFrame } from '../frame/SettingsFrame';
import { useOwnUser } from '../frame/own-user';
import { Refusal, Section } from '../frame/parts';
import { BlockList } from './BlockList';
import { useGetPrivacyQuery, useSetPrivacyMutation } from './privacy-api';

export const WHO_LABELS: Record<WhoMayWrite, string> = { everyone: '所有人', me: '只有我自己' };
const WHO_CHOICES: WhoMayWrite[] = ['everyone', 'me'];

/** The "who may" settings: a radio group each; `labels` where 只有我自己 would read oddly. */
export const WRITE_SETTINGS: { key: 'comment' | 'board' | 'follow' | 'repost'; legend: string; hint: string; labels?: Record<WhoMayWrite, string> }[] = [
  { key: 'comment', legend: '谁可以评论我的yy', hint: '选「只有我自己」时，别人不能在你的yy下评论或回复。' },
  { key: 'board', legend: '谁可以在我的留言板留言', hint: '选「只有我自己」时，别人不能在你的留言板写新留言，也不能在以前的留言下回复。' },
  {
    key: 'follow',
    legend: '谁可以关注我',
    hint: '选「谁都不可以」时，别人不能再关注你；已经关注你的人还在，你可以在粉丝列表里看到他们。',
    labels: { everyone: '所有人', me: '谁都不可以' },
  },
  { key: 'repost', legend: '谁可以转发我的yy', hint: '选「只有我自己」时，别人不能转发你的yy。' },
];

/** Who may write me 小纸条 (there is no "everyone"); a minor is told what holds whatever they choose. */
export const SCRIP_SETTING = {
  legend: '谁可以给我写小纸条',
  hint: '选「谁都不可以」时，谁都不能给你写新的小纸条；以前的小纸条还在。',
  minorHint: '因为你还不满18岁，不管怎么选，大人只有和你互相关注，才能给你写小纸条。',
} as const;

/** The yes/no settings: a switch each. */
export const SWITCH_SETTINGS: { key: 'showVisitors' | 'showBirthday' | 'findable' | 'showFollows' | 'showLastLogin'; label: string; hint: string }[] = [
  { key: 'showVisitors', label: '让别人看到谁来过我的空间', hint: '关闭时，只有你自己能看到谁来过你的空间。' },
  { key: 'showBirthday', label: '让别人看到我的生日', hint: '关闭时，别人看不到你的生日，也看不到由它算出的年龄和星座。' },
  { key: 'findable', label: '让别人用昵称搜到我', hint: '关闭时，别人搜你的昵称找不到你；输入完整的米米号总能找到你。' },
  { key: 'showFollows', label: '让别人看到我的关注和粉丝', hint: '关闭时，只有你自己能看到你关注了谁、谁关注了你。' },
  { key: 'showLastLogin', label: '让别人看到我最后登录的时间', hint: '关闭时，别人在你的空间里看到的最后登录时间是「未知」。' },
];

export const PRIVACY_NOT_SAVED = (why: string) => `没有保存，设置已恢复原样：${why}`;

export default function PrivacyPage() {
  const { user, known } = useOwnUser();
  return (
    <SettingsFrame title="隐私设置" writes>
      {user ? (
        <>
          <PrivacySettingsSection uid={user.uid} minor={known && isMinor(user.birthday)} />
          <BlockList uid={user.uid} />
        </>
      ) : (
        <p>请先登录。</p>
      )}
    </SettingsFrame>
  );
}

function PrivacySettingsSection({ uid, minor }: { uid: number; minor: boolean }) {
  const id = useId();
  const { data: settings, isError, refetch } = useGetPrivacyQuery(uid);
  const [setPrivacy] = useSetPrivacyMutation();
  // Keyed by attempt so the same refusal twice is announced twice.
  const [refusal, setRefusal] = useState<{ text: string; attempt: number } | null>(null);

  const save = async (change: Partial<PrivacySettings>) => {
    setRefusal(null);
    try {
      await setPrivacy({ uid, change }).unwrap();
      notify.success(PRIVACY_MSG.saved);
    } catch (error) {
      setRefusal((last) => ({ text: PRIVACY_NOT_SAVED(errorMessage(error)), attempt: (last?.attempt ?? 0) + 1 }));
    }
  };

  return (
    <Section aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>谁能看到和使用我的空间</h3>
      {/* Why a child's account started private; only for a minor, so adults are not nudged either way. */}
      {minor && <MinorNote role="note">{PRIVACY_MSG.minorNote}</MinorNote>}
      {settings ? (
        <>
          {WRITE_SETTINGS.map(({ key, legend, hint, labels }) => (
            <ChoiceGroup
              key={key}
              legend={legend}
              hint={hint}
              choices={WHO_CHOICES}
              labels={labels ?? WHO_LABELS}
              value={settings[key]}
              onChange={(value) => void save({ [key]: value })}
            />
          ))}
          <ChoiceGroup
            legend={SCRIP_SETTING.legend}
            hint={minor ? `${SCRIP_SETTING.hint}${SCRIP_SETTING.minorHint}` : SCRIP_SETTING.hint}
            choices={SCRIP_WHO}
            labels={SCRIP_MSG.who}
            value={settings.scrip}
            onChange={(value) => void save({ scrip: value })}
          />
          {SWITCH_SETTINGS.map(({ key, label, hint }) => (
            <Switch key={key} label={label} hint={hint} checked={settings[key]} onToggle={() => void save({ [key]: !settings[key] })} />
          ))}
          <Refusal role="alert">{refusal && <span key={refusal.attempt}>{refusal.text}</span>}</Refusal>
        </>
      ) : isError ? (
        <Refusal role="alert">
          隐私设置加载失败{' '}
          <Button type="button" $variant="plain" onClick={() => void refetch()}>
            重试
          </Button>
        </Refusal>
      ) : (
        <p role="status">正在加载隐私设置…</p>
      )}
    </Section>
  );
}

/** One "who may" setting: a radio group of its choices, described by its hint. */
function ChoiceGroup<T extends string>({
  legend,
  hint,
  choices,
  labels,
  value,
  onChange,
}: {
  legend: string;
  hint: string;
  choices: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <Fieldset aria-describedby={`${id}hint`}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input type="radio" name={id} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {labels[choice]}
        </label>
      ))}
      <p id={`${id}hint`} className="hint">
        {hint}
      </p>
    </Fieldset>
  );
}

/** A labelled on/off button (role=switch): one click or Space/Enter toggles it; 开/关 is written, not only coloured. */
function Switch({ label, hint, checked, onToggle }: { label: string; hint: string; checked: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <SwitchRow>
      <div>
        <label id={`${id}label`} htmlFor={`${id}switch`}>
          {label}
        </label>
        <p id={`${id}hint`} className="hint">
          {hint}
        </p>
      </div>
      <SwitchButton
        id={`${id}switch`}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}label`}
        aria-describedby={`${id}hint`}
        onClick={onToggle}
      >
        <span className="track" aria-hidden="true">
          <span className="knob" />
        </span>
        <span aria-hidden="true">{checked ? '开' : '关'}</span>
      </SwitchButton>
    </SwitchRow>
  );
}

const MinorNote = styled.p`
  max-width: 560px;
  margin: 0 0 14px;
  padding: 8px 12px;
  border-left: 4px solid ${(p) => p.theme.colors.primary};
  background: ${(p) => p.theme.colors.panel};
  line-height: 1.6;
`;

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 14px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 2px 18px;
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: 4px;
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
    accent-color: ${(p) => p.theme.colors.primary};
  }
  input[type='radio']:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  .hint {
    flex-basis: 100%;
    margin: 0;
  }
`;

const SwitchRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  margin: 0 0 14px;
  max-width: 560px;
  label {
    font-weight: 600;
    cursor: pointer;
  }
  .hint {
    margin: 2px 0 0;
  }
`;

const SwitchButton = styled.button`
  display: inline-flex;
  flex: none;
  align-items: center;
  gap: 8px;
  min-height: 38px;
  padding: 4px 6px;
  border: 0;
  border-radius: 8px;
  background: transparent;
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  .track {
    position: relative;
    width: 46px;
    height: 26px;
    border-radius: 13px;
    border: 2px solid ${(p) => p.theme.colors.muted};
    background: ${(p) => p.theme.colors.panel};
    transition: background-color 0.15s;
  }
  .knob {
    position: absolute;
    top: 3px;
    left: 3px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${(p) => p.theme.colors.muted};
    transition: transform 0.15s;
  }
  &[aria-checked='true'] .track {
    border-color: ${(p) => p.theme.colors.primary};
    background: ${(p) => p.theme.colors.primary};
  }
  &[aria-checked='true'] .knob {
    background: ${(p) => p.theme.colors.onPrimary};
    transform: translateX(20px);
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    .track,
    .knob {
      transition: none;
    }
  }
`;
