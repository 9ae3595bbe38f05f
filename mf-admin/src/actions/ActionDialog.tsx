/**
 * One moderator action in a dialog (the shared Dialog: labelled, focus kept inside, Escape closes):
 * the rule broken where the action names one, the days of a freeze, and the reason, which every
 * action but 忽略 requires (the user is told it). Sends POST /api/mod/action; on success says
 * MOD_MSG.done and calls `onDone`; a refusal is shown in the dialog, with what was typed kept.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Button, Dialog, MOD_MSG, notify, SANCTION_MSG, styled, type ModAction, type ModActionBody, type RuleBroken } from '@xiaoba/shared';
import { ACTION_LABELS, RULES, ruleLabel } from '../labels';
import { useModActionMutation } from '../mod-api';

/** What to do, to what: the body without the fields the dialog asks for. */
export interface ActionRequest {
  action: ModAction;
  /** Said in the dialog, e.g. "萌萌猫的评论". */
  subject: string;
  body: Omit<ModActionBody, 'action' | 'reason' | 'rule' | 'days'>;
}

export const RULE_REQUIRED = '请选择违反的规则';
export const DEFAULT_FREEZE_DAYS = 7;

const NEEDS_RULE: readonly ModAction[] = ['warn', 'freeze', 'ban'];
const MAY_NAME_RULE: readonly ModAction[] = ['remove', ...NEEDS_RULE];

const TITLES: Record<ModAction, (subject: string) => string> = {
  dismiss: (s) => `忽略对${s}的举报`,
  remove: (s) => `删除${s}`,
  restore: (s) => `恢复${s}`,
  warn: (s) => `警告${s}`,
  freeze: (s) => `冻结${s}`,
  ban: (s) => `封禁${s}`,
  lift: (s) => `解除${s}`,
};

const HINTS: Partial<Record<ModAction, string>> = {
  dismiss: '举报人会收到“你的举报已处理”的通知，内容保持不变。',
  remove: '内容会从所有地方隐藏，但不会丢失，可以在用户档案里恢复。作者会收到通知和原因。',
  warn: '用户会收到警告通知，写明违反的规则和原因。',
  freeze: `冻结期间用户${SANCTION_MSG.frozenTerms}。`,
  ban: '用户的所有登录会立刻失效，也不能再登录。可以在用户档案里解除。',
  restore: '内容会重新显示，作者会收到通知。',
  lift: '处罚立刻结束，用户会收到通知。',
};

export function ActionDialog({ request, onClose, onDone }: { request: ActionRequest; onClose: () => void; onDone?: () => void }) {
  const { action, subject } = request;
  const ids = { rule: useId(), days: useId(), reason: useId(), error: useId() };
  const [rule, setRule] = useState<RuleBroken | ''>('');
  const [days, setDays] = useState(String(DEFAULT_FREEZE_DAYS));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ rule?: string; days?: string; reason?: string }>({});
  const [refused, setRefused] = useState('');
  const [send, { isLoading }] = useModActionMutation();
  const fields = { rule: useRef<HTMLSelectElement>(null), days: useRef<HTMLInputElement>(null), reason: useRef<HTMLTextAreaElement>(null) };

  const needsRule = NEEDS_RULE.includes(action);
  const reasonRequired = action !== 'dismiss';

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (isLoading) return;
    const dayCount = Number(days);
    const found = {
      ...(needsRule && !rule ? { rule: RULE_REQUIRED } : {}),
      ...(action === 'freeze' && !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 365) ? { days: MOD_MSG.days } : {}),
      ...(reasonRequired && !reason.trim() ? { reason: MOD_MSG.reasonRequired } : {}),
    };
    setProblems(found);
    setRefused('');
    const first = (['rule', 'days', 'reason'] as const).find((k) => found[k]);
    if (first) {
      fields[first].current?.focus();
      return;
    }
    const body: ModActionBody = {
      action,
      ...request.body,
      ...(MAY_NAME_RULE.includes(action) && rule ? { rule } : {}),
      ...(action === 'freeze' ? { days: dayCount } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    try {
      await send(body).unwrap();
      notify.success(MOD_MSG.done);
      onDone?.();
      onClose();
    } catch (error) {
      setRefused((error as { message?: string }).message || '操作失败，请稍后再试');
    }
  }

  const described = (field: 'rule' | 'days' | 'reason') => (problems[field] ? `${ids[field]}-problem` : undefined);

  return (
    <Dialog open title={TITLES[action](subject)} onRequestClose={onClose}>
      <Form onSubmit={(e) => void submit(e)} noValidate aria-describedby={refused ? ids.error : undefined}>
        {HINTS[action] && <p className="hint">{HINTS[action]}</p>}
        {MAY_NAME_RULE.includes(action) && (
          <div className="field">
            <label htmlFor={ids.rule}>违反的规则{needsRule ? '' : '（可不选）'}</label>
            <select
              id={ids.rule}
              ref={fields.rule}
              value={rule}
              onChange={(e) => setRule(e.target.value as RuleBroken | '')}
              aria-invalid={problems.rule ? true : undefined}
              aria-describedby={described('rule')}
            >
              <option value="">{needsRule ? '请选择' : '不指定'}</option>
              {RULES.map((r) => (
                <option key={r} value={r}>
                  {ruleLabel(r)}
                </option>
              ))}
            </select>
            {problems.rule && (
              <span className="problem" id={`${ids.rule}-problem`}>
                {problems.rule}
              </span>
            )}
          </div>
        )}
        {action === 'freeze' && (
          <div className="field">
            <label htmlFor={ids.days}>冻结天数（1到365）</label>
            <input
              id={ids.days}
              ref={fields.days}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-invalid={problems.days ? true : undefined}
              aria-describedby={described('days')}
            />
            {problems.days && (
              <span className="problem" id={`${ids.days}-problem`}>
                {problems.days}
              </span>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.reason}>{reasonRequired ? '原因（用户会看到）' : '说明（可不填）'}</label>
          <textarea
            id={ids.reason}
            ref={fields.reason}
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-required={reasonRequired || undefined}
            aria-invalid={problems.reason ? true : undefined}
            aria-describedby={described('reason')}
          />
          {problems.reason && (
            <span className="problem" id={`${ids.reason}-problem`}>
              {problems.reason}
            </span>
          )}
        </div>
        {refused && (
          <p className="problem" role="alert" id={ids.error}>
            {refused}
          </p>
        )}
        <div className="buttons">
          <Button type="button" $variant="plain" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" aria-busy={isLoading}>
            {ACTION_LABELS[action]}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  .hint {
    margin: 0 0 10px;
    color: ${(p) => p.theme.colors.muted};
  }
  .field {
    display: flex;
    flex-direction: column;
    margin: 0 0 12px;
  }
  label {
    font-weight: 600;
    margin-bottom: 4px;
  }
  select,
  input,
  textarea {
    font: inherit;
    padding: 6px 8px;
    border-radius: 6px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.text};
  }
  select:focus-visible,
  input:focus-visible,
  textarea:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 1px;
  }
  [aria-invalid='true'] {
    border-color: ${(p) => p.theme.colors.danger};
  }
  .problem {
    margin: 4px 0 0;
    color: ${(p) => p.theme.colors.danger};
    font-size: 14px;
  }
  .buttons {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  }
`;
