/**
 * The rules agreement: `agreed` starts false and becomes true ONLY by confirming
 * the rules dialog (which closes it and cheers with a toast). Every other way of closing (Escape,
 * the × button, the backdrop) is refused: the dialog stays open and shows a reminder for 1500 ms.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify, RULES_REMINDER_MS } from '@xiaoba/shared';

export const RULES_REMINDER = '请先同意守则哦';
export const RULES_AGREED = '你真棒！';

export interface RulesAgreement {
  agreed: boolean;
  open: boolean;
  reminding: boolean;
  show: () => void;
  confirm: () => void;
  refuseClose: () => void;
}

export function useRulesAgreement(): RulesAgreement {
  const [agreed, setAgreed] = useState(false);
  const [open, setOpen] = useState(false);
  const [reminding, setReminding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(() => setOpen(true), []);
  const confirm = useCallback(() => {
    clearTimeout(timer.current);
    setReminding(false);
    setAgreed(true);
    setOpen(false);
    notify.success(RULES_AGREED);
  }, []);
  const refuseClose = useCallback(() => {
    setReminding(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setReminding(false), RULES_REMINDER_MS);
  }, []);

  return { agreed, open, reminding, show, confirm, refuseClose };
}
