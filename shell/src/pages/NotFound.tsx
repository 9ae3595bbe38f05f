import { Link, styled } from '@xiaoba/shared';

export function NotFound() {
  return (
    <Box>
      <h1>404</h1>
      <p>你要找的页面不见了，可能是地址写错了，或者它已经搬走啦。</p>
      <Link to="/home">回到个人中心</Link>
    </Box>
  );
}

const Box = styled.section`
  max-width: 520px;
  margin: 64px auto;
  padding: 32px 24px;
  text-align: center;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  border-radius: 10px;
  h1 {
    font-size: 56px;
    margin: 0;
    color: ${(p) => p.theme.colors.primary};
  }
`;
