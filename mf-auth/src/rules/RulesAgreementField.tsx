/**
 * The agreement row of every registration form: a DISABLED checkbox (it reflects the agreement,
 * only the rules dialog can set it), the link that opens the dialog, and the dialog itself.
 */
import { useId } from 'react';
import { CheckRow, LinkButton } from '../form/FormParts';
import { RulesDialog } from './RulesDialog';
import type { RulesAgreement } from './useRulesAgreement';

export const RULES_LINK = '同意青少年行为守则';

export function RulesAgreementField({ rules }: { rules: RulesAgreement }) {
  const id = useId();
  return (
    <CheckRow>
      <input id={id} type="checkbox" checked={rules.agreed} disabled readOnly aria-describedby={`${id}-how`} />
      <label htmlFor={id}>已同意守则</label>
      <LinkButton type="button" onClick={rules.show} aria-haspopup="dialog">
        {RULES_LINK}
      </LinkButton>
      <span id={`${id}-how`} className="visually-hidden">
        阅读守则并点击“我明白了，出发吧”后自动勾选
      </span>
      <RulesDialog open={rules.open} reminding={rules.reminding} onConfirm={rules.confirm} onRequestClose={rules.refuseClose} />
    </CheckRow>
  );
}
