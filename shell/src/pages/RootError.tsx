import { styled } from '@xiaoba/shared';

/** Last resort when the shell itself fails; a reload is the only honest remedy here. */
export function RootError() {
  return (
    <Box role="alert">
      <h1>出错了</h1>
      <p>页面遇到了问题，请刷新后再试。</p>
      <button type="button" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </Box>
  );
}

const Box = styled.section`
  max-width: 480px;
  margin: 64px auto;
  padding: 24px;
  text-align: center;
  background: #fff;
  color: #222;
  border-radius: 10px;
`;
