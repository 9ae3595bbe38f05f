/**
 * `/usercard`, registration step two: nickname, birthday, sex and the rules
 * agreement, checked in the original site's order, then addAccount with the draft's e-mail and password.
 * Arriving without them (a reload, a direct visit) sends the user back to step one.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button, errorMessage, firstError, notify, type Sex, useAddAccountMutation, useAppDispatch, useNavigate } from '@xiaoba/shared';
import { birthdayFromText, BirthdaySelects, birthdayText, type BirthdayValue, RegisterStepTwoSchema, SexRadioGroup } from '@xiaoba/shared/forms';
import { draftActions, useRegisterDraft } from '../draft/register-draft';
import { ButtonRow, FormAlert, Panel, TextField } from '../form/FormParts';
import { PreviewCard } from '../login/PreviewCard';
import { RegisterFrame } from '../register/RegisterFrame';
import { RulesAgreementField } from '../rules/RulesAgreementField';
import { useRulesAgreement } from '../rules/useRulesAgreement';

export const DRAFT_LOST = '注册信息丢失，请重新进行注册！';
/** The success message carries the new 米米号: leave it up longer than the default toast. */
const NEW_ACCOUNT_TOAST_MS = 8000;

export default function UserCardPage() {
  const draft = useRegisterDraft();
  const lost = !draft.email || !draft.lockedPassword;
  const [uname, setUname] = useState(draft.uname);
  const [birthday, setBirthday] = useState<BirthdayValue>(() => birthdayFromText(draft.birthday));
  const [sex, setSex] = useState<Sex | null>(draft.sex);
  const rules = useRulesAgreement();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [addAccount, { isLoading }] = useAddAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const checked = useRef(false);

  // Only on arrival (the ref): clearing the draft after success must not count as "lost".
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (lost) {
      notify.error(DRAFT_LOST);
      navigate('/register', { replace: true });
    }
  }, [lost, navigate]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempt((n) => n + 1);
    const invalid = firstError(RegisterStepTwoSchema, { uname, sex, agreed: rules.agreed, ...birthday });
    setError(invalid);
    if (invalid || sex === null) return;
    try {
      const res = await addAccount({
        email: draft.email,
        lockedPassword: draft.lockedPassword,
        uname: uname.trim(),
        sex,
        birthday: birthdayText(birthday),
      }).unwrap();
      notify.success(res.msg, NEW_ACCOUNT_TOAST_MS);
      dispatch(draftActions.cleared());
      const uid = res.data?.uid;
      navigate('/login', uid === undefined ? undefined : { state: { username: String(uid) } });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (lost && !isLoading) return null;

  return (
    <RegisterFrame step={2} title="完善资料">
      <Panel>
        <form noValidate onSubmit={submit} aria-labelledby="xb-step-two-title">
          <h2 id="xb-step-two-title">第二步：个人名片</h2>
          <TextField label="昵称" value={uname} onChange={setUname} autoComplete="nickname" hint="2~6个字" />
          <PreviewCard name={uname} birthday={birthday} sex={sex} />
          <BirthdaySelects value={birthday} onChange={setBirthday} />
          <SexRadioGroup value={sex} onChange={setSex} />
          <RulesAgreementField rules={rules} />
          <FormAlert message={error} attempt={attempt} />
          <ButtonRow>
            <Button type="submit" aria-busy={isLoading} disabled={isLoading}>
              {isLoading ? '提交中…' : '完成注册'}
            </Button>
          </ButtonRow>
        </form>
      </Panel>
    </RegisterFrame>
  );
}
