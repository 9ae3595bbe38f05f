/**
 * /setting/profile: the nickname (2 to 6 characters when changed), sex and birthday
 * saved with PATCH /user/cardupdate under the step-two rules (CardFormSchema), and the two
 * signatures with their limits (cut at the limit, with the original site's message). Each save patches the
 * store, so the header, the space and the right box show the change without a reload.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  authActions,
  BIG_SIGNATURE_MAX,
  BIG_SIGNATURE_TOO_LONG,
  Button,
  charCount,
  checkSignature,
  DEFAULT_SMALL_SIGNATURE,
  firstError,
  notify,
  type Sex,
  SMALL_SIGNATURE_MAX,
  SMALL_SIGNATURE_TOO_LONG,
  styled,
  TERRITORY_WORD,
  useAppDispatch,
  useCardUpdateMutation,
  type UserInfo,
} from '@xiaoba/shared';
import {
  birthdayFromText,
  BirthdaySelects,
  birthdayText,
  type BirthdayValue,
  CardFormSchema,
  NICKNAME_RANGE,
  nicknameInRange,
  SexRadioGroup,
} from '@xiaoba/shared/forms';
import { SettingsFrame } from '../frame/SettingsFrame';
import { useOwnUser } from '../frame/own-user';
import { useSaveBigSignatureMutation, useSaveSmallSignatureMutation } from './profile-api';

export const PROFILE_SAVED = '资料已更新';
/** The original site's text for a failed card update. */
export const PROFILE_FAILED = '错误！';
/** The original site's text for a failed signature update. */
export const SIGNATURE_FAILED = '签名档更新失败！';
export const SIGNATURE_SAVED = '签名档已更新';

export default function ProfilePage() {
  const { user } = useOwnUser();
  return (
    <SettingsFrame title="个人资料" writes>
      {user ? (
        <>
          <CardSection user={user} />
          <SignatureSection user={user} />
        </>
      ) : (
        <p>请先登录。</p>
      )}
    </SettingsFrame>
  );
}

function CardSection({ user }: { user: UserInfo }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(user.name);
  const [sex, setSex] = useState<Sex | null>(user.sex === 0 || user.sex === 1 ? user.sex : null);
  const [birthday, setBirthday] = useState<BirthdayValue>(() => birthdayFromText(user.birthday));
  // The birthday may arrive after the first render (useOwnUser): filled in unless already chosen.
  const known = user.birthday;
  useEffect(() => {
    if (known) setBirthday((chosen) => (chosen.year || chosen.month || chosen.day ? chosen : birthdayFromText(known)));
  }, [known]);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [cardUpdate, { isLoading }] = useCardUpdateMutation();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempt((n) => n + 1);
    const trimmed = name.trim();
    // A kept nickname may predate the 2-to-6 rule; a new one follows registration's rule.
    const invalid =
      firstError(CardFormSchema, { name: trimmed, sex, ...birthday }) ?? (trimmed !== user.name && !nicknameInRange(trimmed) ? NICKNAME_RANGE : null);
    setError(invalid);
    if (invalid || sex === null) return;
    const body = { name: trimmed, sex, birthday: birthdayText(birthday) };
    try {
      const res = await cardUpdate(body).unwrap();
      const saved = res.data;
      dispatch(authActions.userPatched({ name: saved?.name ?? body.name, sex: saved?.sex ?? sex, birthday: saved?.birthday ?? body.birthday }));
      notify.success(PROFILE_SAVED);
    } catch {
      notify.error(PROFILE_FAILED);
    }
  };

  return (
    <Section aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>基本资料</h3>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}title`}>
        <Field>
          <label htmlFor={`${id}name`}>昵称</label>
          <Input id={`${id}name`} value={name} autoComplete="nickname" aria-describedby={`${id}namehint`} onChange={(e) => setName(e.currentTarget.value)} />
          <small id={`${id}namehint`}>2到6个字</small>
        </Field>
        <SexRadioGroup value={sex} onChange={setSex} />
        <BirthdaySelects value={birthday} onChange={setBirthday} />
        <Alert role="alert">{error && <span key={attempt}>{error}</span>}</Alert>
        <Button type="submit" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? '保存中…' : '保存资料'}
        </Button>
      </form>
    </Section>
  );
}

type Kind = 'big' | 'small';
const RULES = {
  big: { label: '大签名档', max: BIG_SIGNATURE_MAX, tooLong: BIG_SIGNATURE_TOO_LONG },
  small: { label: '签名档', max: SMALL_SIGNATURE_MAX, tooLong: SMALL_SIGNATURE_TOO_LONG },
} as const;

function SignatureSection({ user }: { user: UserInfo }) {
  const id = useId();
  return (
    <Section aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>我的签名</h3>
      <SignatureForm kind="big" user={user} />
      <SignatureForm kind="small" user={user} />
    </Section>
  );
}

const truncate = (text: string, max: number) => (charCount(text) > max ? Array.from(text).slice(0, max).join('') : text);

function SignatureForm({ kind, user }: { kind: Kind; user: UserInfo }) {
  const { label, max, tooLong } = RULES[kind];
  const id = useId();
  const dispatch = useAppDispatch();
  const stored = kind === 'big' ? user.qm : user.qianming;
  const [draft, setDraft] = useState(stored ?? '');
  const [refused, setRefused] = useState(false);
  const [saveBig, big] = useSaveBigSignatureMutation();
  const [saveSmall, small] = useSaveSmallSignatureMutation();
  const busy = kind === 'big' ? big.isLoading : small.isLoading;

  const change = (value: string) => {
    const over = charCount(value) > max;
    setRefused(over);
    setDraft(over ? truncate(value, max) : value);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkSignature(kind, draft);
    if (!checked.ok) {
      setRefused(true);
      return;
    }
    try {
      const res = await (kind === 'big' ? saveBig(checked.value) : saveSmall(checked.value)).unwrap();
      const data = res.data as { qm?: unknown; qianming?: unknown } | undefined;
      const answer = kind === 'big' ? data?.qm : data?.qianming;
      const value = typeof answer === 'string' ? answer : checked.value;
      dispatch(authActions.userPatched(kind === 'big' ? { qm: value } : { qianming: value }));
      setDraft(value);
      notify.success(SIGNATURE_SAVED);
    } catch {
      notify.error(SIGNATURE_FAILED);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Field>
        <label htmlFor={`${id}input`}>{label}</label>
        <Row>
          <Input
            id={`${id}input`}
            value={draft}
            autoComplete="off"
            placeholder={kind === 'big' ? `${user.name}${TERRITORY_WORD}` : DEFAULT_SMALL_SIGNATURE}
            aria-describedby={`${id}hint${refused ? ` ${id}error` : ''}`}
            aria-invalid={refused || undefined}
            onChange={(e) => change(e.currentTarget.value)}
          />
          <Button type="submit" $variant="plain" disabled={busy} aria-busy={busy} aria-label={`保存${label}`}>
            保存
          </Button>
        </Row>
        <small id={`${id}hint`}>
          {charCount(draft)}/{max}，留空显示默认签名
        </small>
        {refused && (
          <Refused id={`${id}error`} role="alert">
            {tooLong}
          </Refused>
        )}
      </Field>
    </form>
  );
}

const Section = styled.section`
  margin: 10px 0 22px;
  h3 {
    margin: 0 0 8px;
    font-size: 15px;
  }
`;
const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 12px;
  label {
    font-weight: 600;
  }
  small {
    font-size: 12px;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
`;
const Input = styled.input`
  flex: 1 1 auto;
  min-width: 0;
  max-width: 360px;
  min-height: 38px;
  padding: 6px 10px;
  font-size: 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  &[readonly] {
    background: ${(p) => p.theme.colors.page};
  }
`;
const Alert = styled.p`
  min-height: 1.4em;
  margin: 4px 0 8px;
  color: ${(p) => p.theme.colors.danger};
  font-weight: 600;
`;
const Refused = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.danger};
  font-weight: 600;
  font-size: 13px;
`;
