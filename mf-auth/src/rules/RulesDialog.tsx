/** The youth code of conduct: five points and one confirm button. */
import { Button, Dialog, styled } from '@xiaoba/shared';
import { RULES_REMINDER } from './useRulesAgreement';

export const RULES_TITLE = '校巴守则';
export const RULES_CONFIRM = '我明白了，出发吧';

export interface RulesDialogProps {
  open: boolean;
  reminding: boolean;
  onConfirm: () => void;
  onRequestClose: () => void;
}

export function RulesDialog({ open, reminding, onConfirm, onRequestClose }: RulesDialogProps) {
  return (
    <Dialog
      open={open}
      title={RULES_TITLE}
      onRequestClose={onRequestClose}
      footer={
        <Button type="button" onClick={onConfirm}>
          {RULES_CONFIRM}
        </Button>
      }
    >
      {/* Inside the dialog: a toast would sit under the modal's backdrop. */}
      <Reminder role="alert">{reminding ? RULES_REMINDER : ''}</Reminder>
      <Points>
        <li>
          <strong>非营利：</strong>本站是老同学们自发制作的粉丝复刻站，完全免费，不收取任何费用，也不接受捐赠。
        </li>
        <li>
          <strong>素材归属：</strong>原校巴网站的美术素材版权归原网站所有，本站只为怀旧与交流，不作任何商业用途。
        </li>
        <li>
          <strong>文明上网：</strong>请遵守公序良俗和法律法规。对违反者，本站有权视情节给予警告、删除内容、临时冻结或永久封禁账号的处理。
        </li>
        <li>
          <strong>记得备份：</strong>本站由爱好者维护，将来可能会关闭，重要的文字和图片请自己留好备份。
        </li>
        <li>
          <strong>再会：</strong>谢谢你还记得校巴。愿我们在这里重逢，也在这里好好告别，一路顺风！
        </li>
      </Points>
    </Dialog>
  );
}

const Reminder = styled.p`
  min-height: 1.6em;
  margin: 0 0 4px;
  color: ${(p) => p.theme.colors.danger};
  font-weight: 600;
`;

const Points = styled.ol`
  margin: 0;
  padding-left: 1.4em;
  li {
    margin-bottom: 8px;
  }
`;
