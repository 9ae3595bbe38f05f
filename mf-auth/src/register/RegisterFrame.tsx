/**
 * The frame around the registration steps: the step's title, a help dialog, a
 * bookmark hint, the update news list beside the form, and the shared footer.
 */
import { useState, type ReactNode } from 'react';
import { Button, Link, notify, styled } from '@xiaoba/shared';
import { SiteFooter } from '../footer/SiteFooter';
import { HelpDialog } from './HelpDialog';
import { UpdateNews } from './UpdateNews';

export const BOOKMARK_HINT = '麻烦手动收藏哦~';

export function RegisterFrame({ step, title, children }: { step: 1 | 2; title: string; children: ReactNode }) {
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Page>
      <Top>
        <div>
          <h1>{title}</h1>
          <Steps aria-label="注册步骤">
            <li aria-current={step === 1 ? 'step' : undefined}>① 账号与验证</li>
            <li aria-current={step === 2 ? 'step' : undefined}>② 个人名片</li>
          </Steps>
        </div>
        <Tools>
          <Button type="button" $variant="plain" onClick={() => setHelpOpen(true)} aria-haspopup="dialog">
            注册帮助
          </Button>
          <Button type="button" $variant="plain" onClick={() => notify.info(BOOKMARK_HINT)}>
            收藏本站
          </Button>
          <Link to="/login">返回登录</Link>
        </Tools>
      </Top>
      <Grid>
        <Main>{children}</Main>
        <Side>
          <UpdateNews />
        </Side>
      </Grid>
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <SiteFooter />
    </Page>
  );
}

const Page = styled.div`
  max-width: 980px;
  margin: 0 auto;
`;
const Top = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-end;
  gap: 12px;
  margin: 8px 0 16px;
  color: ${(p) => p.theme.colors.pageText};
  h1 {
    margin: 0 0 4px;
    font-size: 26px;
  }
`;
const Steps = styled.ol`
  display: flex;
  gap: 14px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    opacity: 0.75;
  }
  li[aria-current] {
    opacity: 1;
    font-weight: 700;
    text-decoration: underline;
  }
`;
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
`;
/* Phones: the form first, the update log below it. */
const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 760px) {
    grid-template-columns: minmax(0, 1fr) minmax(220px, 300px);
    align-items: start;
  }
`;
const Main = styled.div`
  min-width: 0;
`;
const Side = styled.aside`
  min-width: 0;
`;
