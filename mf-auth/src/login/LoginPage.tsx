/**
 * `/`, `/login` (and `/oldlogin`): the form area with its notice list, the banner area and the
 * shared footer (spec section 2). The register button switches the same page to register mode,
 * where the banner gives way to the arrived-classmates card.
 */
import { useEffect, useRef, useState } from 'react';
import { styled, useLocation } from '@xiaoba/shared';
import { ArrivedCard } from '../banner/ArrivedCard';
import { Carousel } from '../banner/Carousel';
import { SiteFooter } from '../footer/SiteFooter';
import { Panel } from '../form/FormParts';
import { LoginForm } from './LoginForm';
import { NoticeList } from './NoticeList';
import { RegisterModeForm } from './RegisterModeForm';

type Mode = 'login' | 'register';

/** The 米米号 handed over by registration step two (`navigate('/login', { state: { username } })`). */
function usernameFromState(state: unknown): string {
  const value = (state as { username?: unknown } | null)?.username;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export default function LoginPage() {
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('login');
  const usernameRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const switched = useRef(false);

  // After a switch (not on first render), move focus to the first field of the new mode.
  useEffect(() => {
    if (!switched.current) return;
    (mode === 'login' ? usernameRef : nameRef).current?.focus();
  }, [mode]);

  const switchTo = (next: Mode) => {
    switched.current = true;
    setMode(next);
  };

  return (
    <Page>
      <Heading>
        <h1>校巴</h1>
        <p>老同学，欢迎回来！</p>
      </Heading>
      <Grid>
        <FormArea>
          {mode === 'login' ? (
            <LoginForm initialUsername={usernameFromState(location.state)} onRegisterMode={() => switchTo('register')} usernameRef={usernameRef} />
          ) : (
            <RegisterModeForm onBack={() => switchTo('login')} nameRef={nameRef} />
          )}
        </FormArea>
        <BannerArea>{mode === 'login' ? <Carousel /> : <ArrivedCard />}</BannerArea>
        <NoticeArea>
          <NoticeList />
        </NoticeArea>
      </Grid>
      <SiteFooter />
    </Page>
  );
}

const Page = styled.div`
  max-width: 980px;
  margin: 0 auto;
`;
const Heading = styled.header`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 4px 14px;
  margin: 8px 0 16px;
  color: ${(p) => p.theme.colors.pageText};
  h1 {
    margin: 0;
    font-size: 30px;
    letter-spacing: 4px;
  }
  p {
    margin: 0;
  }
`;
/* Phones: form, then banner, then notices. Wide screens: banner and notices on the left, the form beside them. */
const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'form' 'banner' 'notices';
  @media (min-width: 760px) {
    grid-template-columns: minmax(0, 1fr) minmax(300px, 360px);
    grid-template-areas: 'banner form' 'notices form';
    /* The form may be taller than the banner: the notices row takes the extra height. */
    grid-template-rows: auto 1fr;
    align-items: start;
  }
`;
const FormArea = styled(Panel)`
  grid-area: form;
  form h2 {
    margin-top: 0;
  }
`;
const BannerArea = styled.div`
  grid-area: banner;
`;
const NoticeArea = styled.div`
  grid-area: notices;
`;
