import { card, styled } from '@xiaoba/shared';
/** Task notices beside the login form: small things to do on the fan edition. */

export const NOTICES = [
  '老用户：用原来的米米号或邮箱直接登录，找回你的空间',
  '新同学：先完善个人名片，再去空间写下第一条yy',
  '去留言板给老同学留句话，说说这些年的变化',
  '换上喜欢的皮肤，把空间装扮成小时候的样子',
  '忘记密码？加入校巴客服群，由管理员帮你找回',
];

export function NoticeList() {
  return (
    <Box aria-labelledby="xb-notice-title">
      <h2 id="xb-notice-title">小任务</h2>
      <ol>
        {NOTICES.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ol>
    </Box>
  );
}

const Box = styled.section`
  ${card}
  padding: 14px 18px;
  h2 {
    margin: 0 0 8px;
    font-size: 16px;
  }
  ol {
    margin: 0;
    padding-left: 1.3em;
  }
  li {
    margin-bottom: 4px;
    color: ${(p) => p.theme.colors.muted};
  }
`;
