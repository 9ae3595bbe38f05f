/**
 * `/register`, registration step one: e-mail, password and confirmation,
 * the 注册验证 answers and the rules agreement, checked in the original site's order; the server checks
 * the answers (valitedRegister), then the e-mail and password go into the in-memory draft and
 * the user continues at /usercard. An archive (ARCHIVE_MODE) takes no new accounts: it says so.
 */
import { useState, type SubmitEvent } from 'react';
import { Button, errorMessage, firstError, styled, useAppDispatch, useArchiveMode, useNavigate, useValitedRegisterMutation } from '@xiaoba/shared';
import { RegisterStepOneSchema } from '@xiaoba/shared/forms';
import { draftActions, useRegisterDraft } from '../draft/register-draft';
import { ButtonRow, FormAlert, Panel, TextField } from '../form/FormParts';
import { RulesAgreementField } from '../rules/RulesAgreementField';
import { useRulesAgreement } from '../rules/useRulesAgreement';
import { RegisterFrame } from './RegisterFrame';
import { EMPTY_ANSWERS, VerifyDialog, type QuizAnswers } from './VerifyDialog';

export const REGISTRATION_CLOSED = '校巴已成为只读存档，不再接受注册。已有账号仍然可以登录、浏览和导出自己的内容。';

export default function RegisterPage() {
  const archive = useArchiveMode();
  if (archive) {
    return (
      <RegisterFrame step={1} title="注册校巴">
        <Panel>
          <h2>注册已关闭</h2>
          <p role="status">{REGISTRATION_CLOSED}</p>
        </Panel>
      </RegisterFrame>
    );
  }
  return <RegisterForm />;
}

function RegisterForm() {
  const draft = useRegisterDraft();
  const [email, setEmail] = useState(draft.email);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [answers, setAnswers] = useState<QuizAnswers>(EMPTY_ANSWERS);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const rules = useRulesAgreement();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [valitedRegister, { isLoading }] = useValitedRegisterMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const answered = Object.values(answers).every((a) => a.trim() !== '');

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempt((n) => n + 1);
    const invalid = firstError(RegisterStepOneSchema, { agreed: rules.agreed, email, password, repeat, ...answers });
    setError(invalid);
    if (invalid) return;
    const trimmedEmail = email.trim();
    try {
      await valitedRegister({
        email: trimmedEmail,
        name: answers.name.trim(),
        fans: answers.fans.trim(),
        message: answers.message.trim(),
        weibo: answers.weibo.trim(),
      }).unwrap();
      dispatch(draftActions.credentialsVerified({ email: trimmedEmail, lockedPassword: password }));
      navigate('/usercard');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <RegisterFrame step={1} title="注册校巴">
      <Panel>
        <form noValidate onSubmit={submit} aria-labelledby="xb-step-one-title">
          <h2 id="xb-step-one-title">第一步：账号与验证</h2>
          <TextField label="邮箱" type="email" inputMode="email" value={email} onChange={setEmail} autoComplete="email" />
          <TextField label="密码" type="password" value={password} onChange={setPassword} autoComplete="new-password" hint="6到16位" />
          <TextField label="确认密码" type="password" value={repeat} onChange={setRepeat} autoComplete="new-password" />
          <VerifyRow>
            <Button type="button" $variant="plain" onClick={() => setVerifyOpen(true)} aria-haspopup="dialog" aria-describedby="xb-verify-state">
              注册验证
            </Button>
            <span id="xb-verify-state">{answered ? '已填写' : '未填写'}</span>
          </VerifyRow>
          <RulesAgreementField rules={rules} />
          <FormAlert message={error} attempt={attempt} />
          <ButtonRow>
            <Button type="submit" aria-busy={isLoading} disabled={isLoading}>
              {isLoading ? '验证中…' : '下一步'}
            </Button>
          </ButtonRow>
        </form>
      </Panel>
      <VerifyDialog open={verifyOpen} answers={answers} onChange={setAnswers} onClose={() => setVerifyOpen(false)} />
    </RegisterFrame>
  );
}

const VerifyRow = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 12px;
  span {
    color: ${(p) => p.theme.colors.muted};
  }
`;
