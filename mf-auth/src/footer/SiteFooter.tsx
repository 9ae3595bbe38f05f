import { styled } from '@xiaoba/shared';
/** The shared footer of the login and registration pages: fan-made, non-profit, no money asked. */

export function SiteFooter() {
  return (
    <Footer>
      <p>校巴粉丝复刻版 · 由老同学们自发制作，非营利，不收取任何费用，也不接受捐赠。</p>
      <p>本站与原校巴网站无关，原站素材版权归原网站所有；页面插画为本站自绘。</p>
    </Footer>
  );
}

const Footer = styled.footer`
  margin-top: 24px;
  padding: 12px 8px;
  text-align: center;
  font-size: 12px;
  color: ${(p) => p.theme.colors.pageText};
  p {
    margin: 2px 0;
  }
`;
