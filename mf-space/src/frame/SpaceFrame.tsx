/**
 * The frame every space page shares for now: the owner's name, their signatures and the
 * home / message-board tabs. The side and right panels of spec section 2 come in a later issue.
 */
import { useId, type ReactNode } from 'react';
import { card, styled, TabNav } from '@xiaoba/shared';
import type { SpaceOwner } from './owner';

export function SpaceFrame({ owner, base, children }: { owner: SpaceOwner; base: string; children: ReactNode }) {
  const nameId = useId();
  return (
    <Frame aria-labelledby={nameId}>
      <Head>
        <h1 id={nameId}>{owner.name}</h1>
        <BigSignature aria-label="大签名档">{owner.bigSignature}</BigSignature>
        <SmallSignature aria-label="签名档">{owner.smallSignature}</SmallSignature>
      </Head>
      <TabNav
        label="空间导航"
        tabs={[
          { to: base, label: '空间首页' },
          { to: `${base}/board`, label: '留言板' },
        ]}
      />
      {children}
    </Frame>
  );
}

/** The honest placeholder of a space section whose content is a later issue. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>
        <strong>空间内容即将开放</strong>
      </p>
      <p>{children}</p>
    </Section>
  );
}

const Frame = styled.section`
  ${card}
  padding: 16px 18px 20px;
`;
const Head = styled.header`
  margin-bottom: 14px;
  h1 {
    margin: 0;
    font-size: 22px;
    overflow-wrap: anywhere;
  }
`;
const BigSignature = styled.p`
  margin: 4px 0 0;
  font-size: 18px;
  font-weight: 700;
  color: ${(p) => p.theme.colors.link};
  overflow-wrap: anywhere;
`;
const SmallSignature = styled.p`
  margin: 2px 0 0;
  color: ${(p) => p.theme.colors.muted};
  overflow-wrap: anywhere;
`;
const Section = styled.section`
  padding: 4px 2px;
  h2 {
    margin: 0 0 8px;
    font-size: 17px;
  }
  p {
    margin: 6px 0;
  }
`;
