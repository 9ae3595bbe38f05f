/**
 * Login mode of the login page: 米米号/邮箱 and password, validated in the original site's
 * order; sign 0 goes to /home with a welcome toast, any other sign to /card. Validation and
 * server errors show inline next to the submit button.
 */
import { useEffect, useRef, useState, type SubmitEvent, type Ref } from 'react';
import {
  authActions,
  Button,
  errorMessage,
  firstError,
  FORGOT_NOTICE_MS,
  notify,
  styled,
  useAppDispatch,
  useArchiveMode,
  useLoginMutation,
  useNavigate,
} from '@xiaoba/shared';
import { LoginSchema } from '@xiaoba/shared/forms';
import { ButtonRow, CheckRow, FormAlert, LinkButton, TextField } from '../form/FormParts';
import { WELCOME } from '../form/messages';

export const FORGOT_NOTICE = '密码无法自助找回哦，请加入校巴客服群，由管理员帮你找回密码。';

export interface LoginFormProps {
  initialUsername?: string;
  onRegisterMode: () => void;
  usernameRef?: Ref<HTMLInputElement>;
}

export function LoginForm({ initialUsername = '', onRegisterMode, usernameRef }: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [forgotShown, setForgotShown] = useState(false);
  const forgotTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [login, { isLoading }] = useLoginMutation();
  const archive = useArchiveMode();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => () => clearTimeout(forgotTimer.current), []);

  const showForgotNotice = () => {
    setForgotShown(true);
    clearTimeout(forgotTimer.current);
    forgotTimer.current = setTimeout(() => setForgotShown(false), FORGOT_NOTICE_MS);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempt((n) => n + 1);
    const invalid = firstError(LoginSchema, { username, password });
    setError(invalid);
    if (invalid) return;
    try {
      const res = await login({ username: username.trim(), password }).unwrap();
      const data = res.data;
      if (!data) throw new Error(res.msg || '请求错误');
      dispatch(authActions.loggedIn(data));
      // An archive cannot save the card (every write is refused): go straight in.
      if (data.sign === 0 || archive) {
        notify.success(WELCOME);
        navigate('/home');
      } else {
        navigate('/card');
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : errorMessage(err));
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="xb-login-title">
      <h2 id="xb-login-title">登录</h2>
      <TextField label="米米号/邮箱" value={username} onChange={setUsername} autoComplete="username" inputRef={usernameRef} />
      <TextField label="密码" type="password" value={password} onChange={setPassword} autoComplete="current-password" />
      <Extras>
        <CheckRow>
          <input id="xb-remember" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <label htmlFor="xb-remember">记住我（两周内有效）</label>
        </CheckRow>
        <LinkButton type="button" onClick={showForgotNotice}>
          忘记密码？
        </LinkButton>
      </Extras>
      {/* A polite live region, not role="status": that role is the toasts' (e2e helpers read it). */}
      <Notice aria-live="polite" data-testid="forgot-notice">
        {forgotShown ? FORGOT_NOTICE : ''}
      </Notice>
      <FormAlert message={error} attempt={attempt} />
      <ButtonRow>
        <Button type="submit" aria-busy={isLoading} disabled={isLoading}>
          {isLoading ? '登录中…' : '登录'}
        </Button>
        <Button type="button" $variant="plain" onClick={onRegisterMode}>
          注册
        </Button>
      </ButtonRow>
    </form>
  );
}

const Extras = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 4px 12px;
  > div {
    margin-bottom: 0;
  }
`;
const Notice = styled.p`
  min-height: 0;
  margin: 6px 0 0;
  font-size: 13px;
  color: ${(p) => p.theme.colors.link};
`;
