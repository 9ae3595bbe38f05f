/**
 * `/`, `/login` (and `/oldlogin`): the form area with its notice list, the banner area and the
 * shared footer. The register button switches the same page to register mode,
 * where the banner gives way to the arrived-classmates card.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { styled, useLocation } from '@xiaoba/shared';
import { Carousel } from '../banner/Carousel';
import { SiteFooter } from '../footer/SiteFooter';
import { Panel } from '../form/FormParts';
import { LoginForm } from './LoginForm';
import { NoticeList } from './NoticeList';

// Register mode (its form, preview card, rules dialog) and its banner show only after a press of
// 注册: chunks of their own, fetched once the page is idle, so /login's first load carries the
// login form alone (docs/adr/0012) and the press rarely waits.
const loadRegisterForm = () => import('./RegisterModeForm');
const loadArrivedCard = () => import('../banner/ArrivedCard');
const RegisterModeForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterModeForm })));
const ArrivedCard = lazy(() => loadArrivedCard().then((m) => ({ default: m.ArrivedCard })));

function preloadRegisterMode() {
  void loadRegisterForm().catch(() => {});
  void loadArrivedCard().catch(() => {});
}

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
  const switched = useRef(false);
  // The name field arrives with register mode's chunk, after the switch: focus it when it does.
  const nameRef = useCallback((input: HTMLInputElement | null) => {
    if (input && switched.current) input.focus();
  }, []);

  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(preloadRegisterMode, 1500);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preloadRegisterMode, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, []);

  // After a switch back (not on first render), move focus to the 米米号 field.
  useEffect(() => {
    if (switched.current && mode === 'login') usernameRef.current?.focus();
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
            <Suspense fallback={<Loading role="status">加载中…</Loading>}>
              <RegisterModeForm onBack={() => switchTo('login')} nameRef={nameRef} />
            </Suspense>
          )}
        </FormArea>
        <BannerArea>
          {mode === 'login' ? (
            <Carousel />
          ) : (
            <Suspense fallback={null}>
              <ArrivedCard />
            </Suspense>
          )}
        </BannerArea>
        <NoticeArea>
          <NoticeList />
        </NoticeArea>
      </Grid>
      <SiteFooter />
    </Page>
  );
}

const Loading = styled.p`
  min-height: 320px;
  margin: 0;
`;
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
