/**
 * `/card`: a signed-in user whose login answered sign ≠ 0 completes the
 * profile card. The nickname is shown read-only (it must be non-empty); sex and birthday start
 * from the user. Saving sets sign to 0 on the server and welcomes the user at /home.
 */
import { useState, type SubmitEvent } from 'react';
import {
  authActions,
  Button,
  firstError,
  Link,
  notify,
  selectUser,
  type Sex,
  styled,
  useAppDispatch,
  useAppSelector,
  useCardUpdateMutation,
  useNavigate,
  type UserInfo,
} from '@xiaoba/shared';
import { birthdayFromText, BirthdaySelects, birthdayText, type BirthdayValue, CardFormSchema, SexRadioGroup } from '@xiaoba/shared/forms';
import { SiteFooter } from '../footer/SiteFooter';
import { ButtonRow, FormAlert, Panel, TextField } from '../form/FormParts';
import { WELCOME } from '../form/messages';
import { PreviewCard } from '../login/PreviewCard';

export const CARD_FAILED = '错误！';

export default function CardPage() {
  const user = useAppSelector(selectUser);
  return (
    <Page>
      <h1>个人名片</h1>
      {user ? (
        <CardForm user={user} />
      ) : (
        <Panel>
          <p>
            请先<Link to="/login">登录</Link>再完善名片。
          </p>
        </Panel>
      )}
      <SiteFooter />
    </Page>
  );
}

function CardForm({ user }: { user: UserInfo }) {
  const name = user.name;
  const [sex, setSex] = useState<Sex | null>(user.sex === 0 || user.sex === 1 ? user.sex : null);
  const [birthday, setBirthday] = useState<BirthdayValue>(() => birthdayFromText(user.birthday));
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [cardUpdate, { isLoading }] = useCardUpdateMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempt((n) => n + 1);
    const invalid = firstError(CardFormSchema, { name, sex, ...birthday });
    setError(invalid);
    if (invalid || sex === null) return;
    const body = { name: name.trim(), sex, birthday: birthdayText(birthday) };
    try {
      const res = await cardUpdate(body).unwrap();
      if (res.data) dispatch(authActions.userLoaded(res.data));
      else dispatch(authActions.userPatched({ ...body, sign: 0 }));
      notify.success(WELCOME);
      navigate('/home');
    } catch {
      setError(CARD_FAILED);
    }
  };

  return (
    <Panel>
      <form noValidate onSubmit={submit} aria-labelledby="xb-card-title">
        <h2 id="xb-card-title">欢迎回来！补全名片就能上车啦</h2>
        <TextField label="昵称" value={name} onChange={() => {}} readOnly hint="昵称仅作展示，不能在这里修改" />
        <PreviewCard name={name} birthday={birthday} sex={sex} />
        <BirthdaySelects value={birthday} onChange={setBirthday} />
        <SexRadioGroup value={sex} onChange={setSex} />
        <FormAlert message={error} attempt={attempt} />
        <ButtonRow>
          <Button type="submit" aria-busy={isLoading} disabled={isLoading}>
            {isLoading ? '保存中…' : '保存并上车'}
          </Button>
        </ButtonRow>
      </form>
    </Panel>
  );
}

const Page = styled.div`
  max-width: 560px;
  margin: 0 auto;
  h1 {
    color: ${(p) => p.theme.colors.pageText};
    font-size: 24px;
    margin: 8px 0 14px;
  }
`;
