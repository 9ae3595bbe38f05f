/**
 * /setting/privacy (隐私设置, issue 17): who may write under my yy and on my board, whether others
 * see my visitors and my birthday, whether my nickname finds me; then the users I blocked. Every
 * setting is one click and saves at once; it shows the new value before the server answers and goes
 * back, saying why, if the server refuses. The wording is neutral on purpose (children's privacy
 * codes: no nudge towards less privacy), and the defaults are the server's.
 */
import { useId, useState } from 'react';
import { Button, errorMessage, notify, PRIVACY_MSG, selectUser, styled, useAppSelector, type PrivacySettings, type WhoMayWrite } from '@xiaoba/shared';
import { SettingsFrame } from '../frame/SettingsFrame';
import { Refusal, Section } from '../frame/parts';
import { BlockList } from './BlockList';
import { useGetPrivacyQuery, useSetPrivacyMutation } from './privacy-api';

export const WHO_LABELS: Record<WhoMayWrite, string> = { everyone: '所有人', me: '只有我自己' };
const WHO_CHOICES: WhoMayWrite[] = ['everyone', 'me'];

/** The two "who may write" settings: a radio group each. */
export const WRITE_SETTINGS: { key: 'comment' | 'board'; legend: string; hint: string }[] = [
  { key: 'comment', legend: '谁可以评论我的yy', hint: '选「只有我自己」时，别人不能在你的yy下评论或回复；转发不受影响。' },
  { key: 'board', legend: '谁可以在我的留言板留言', hint: '选「只有我自己」时，别人不能在你的留言板写新留言；已有的留言下，你和留言的人还能回复。' },
];

/** The three yes/no settings: a switch each. */
export const SWITCH_SETTINGS: { key: 'showVisitors' | 'showBirthday' | 'findable'; label: string; hint: string }[] = [
  { key: 'showVisitors', label: '让别人看到谁来过我的空间', hint: '关闭时，只有你自己能看到谁来过你的空间。' },
  { key: 'showBirthday', label: '让别人看到我的生日', hint: '关闭时，别人看不到你的生日，也看不到由它算出的年龄和星座。' },
  { key: 'findable', label: '让别人用昵称搜到我', hint: '关闭时，别人搜你的昵称找不到你；输入完整的米米号总能找到你。' },
];

export const PRIVACY_NOT_SAVED = (why: string) => `没有保存，设置已恢复原样：${why}`;

export default function PrivacyPage() {
  const user = useAppSelector(selectUser);
  return (
    <SettingsFrame title="隐私设置" writes>
      {user ? (
        <>
          <PrivacySettingsSection uid={user.uid} />
          <BlockList uid={user.uid} />
        </>
      ) : (
        <p>请先登录。</p>
      )}
    </SettingsFrame>
  );
}

function PrivacySettingsSection({ uid }: { uid: number }) {
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
      {settings ? (
        <>
          {WRITE_SETTINGS.map(({ key, legend, hint }) => (
            <WhoMayWriteGroup key={key} legend={legend} hint={hint} value={settings[key]} onChange={(value) => void save({ [key]: value })} />
          ))}
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

function WhoMayWriteGroup({ legend, hint, value, onChange }: { legend: string; hint: string; value: WhoMayWrite; onChange: (value: WhoMayWrite) => void }) {
  const id = useId();
  return (
    <Fieldset aria-describedby={`${id}hint`}>
      <legend>{legend}</legend>
      {WHO_CHOICES.map((choice) => (
        <label key={choice}>
          <input type="radio" name={id} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {WHO_LABELS[choice]}
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
