/**
 * Register mode of the login page: name, live preview card, birthday, sex and
 * the rules agreement. Whether the original site's form submitted is not known; here 下一步 checks it with the
 * step-two rules, keeps name, sex and birthday in the register draft and goes on to /register,
 * so /usercard starts filled in.
 */
import { useState, type SubmitEvent, type Ref } from 'react';
import { Button, firstError, type Sex, useAppDispatch, useNavigate } from '@xiaoba/shared';
import { birthdayFromText, BirthdaySelects, birthdayText, type BirthdayValue, RegisterStepTwoSchema, SexRadioGroup } from '@xiaoba/shared/forms';
import { draftActions, useRegisterDraft } from '../draft/register-draft';
import { ButtonRow, FormAlert, TextField } from '../form/FormParts';
import { RulesAgreementField } from '../rules/RulesAgreementField';
import { useRulesAgreement } from '../rules/useRulesAgreement';
import { PreviewCard } from './PreviewCard';

export function RegisterModeForm({ onBack, nameRef }: { onBack: () => void; nameRef?: Ref<HTMLInputElement> }) {
  const draft = useRegisterDraft();
  const [uname, setUname] = useState(draft.uname);
  const [birthday, setBirthday] = useState<BirthdayValue>(() => birthdayFromText(draft.birthday));
  const [sex, setSex] = useState<Sex | null>(draft.sex);
  const rules = useRulesAgreement();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const invalid = firstError(RegisterStepTwoSchema, { uname, sex, agreed: rules.agreed, ...birthday });
    setError(invalid);
    if (invalid) return;
    dispatch(draftActions.profileChosen({ uname: uname.trim(), sex, birthday: birthdayText(birthday) }));
    navigate('/register');
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="xb-join-title">
      <h2 id="xb-join-title">注册</h2>
      <TextField label="名字" value={uname} onChange={setUname} autoComplete="nickname" inputRef={nameRef} hint="2~6个字" />
      <PreviewCard name={uname} birthday={birthday} sex={sex} />
      <BirthdaySelects value={birthday} onChange={setBirthday} />
      <SexRadioGroup value={sex} onChange={setSex} />
      <RulesAgreementField rules={rules} />
      <FormAlert message={error} attempt={attempt} />
      <ButtonRow>
        <Button type="submit">下一步</Button>
        <Button type="button" $variant="plain" onClick={onBack}>
          返回登录
        </Button>
      </ButtonRow>
    </form>
  );
}
