/** Registration help: who can log in directly, and how forgotten passwords work. */
import { Button, Dialog, styled } from '@xiaoba/shared';

export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="注册帮助"
      onRequestClose={onClose}
      footer={
        <Button type="button" onClick={onClose}>
          知道了
        </Button>
      }
    >
      <List>
        <li>2015年12月26日之后注册的账号，不用重新注册，可以直接登录。</li>
        <li>忘记密码只能加入校巴客服群，由管理员人工帮你找回；本站没有自助找回密码的功能。</li>
        <li>注册验证的答案，都是原来校巴网站上的叫法，老同学一定记得！</li>
      </List>
    </Dialog>
  );
}

const List = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  li {
    margin-bottom: 8px;
  }
`;
