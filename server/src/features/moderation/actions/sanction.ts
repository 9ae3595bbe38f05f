/**
 * What warn, freeze and ban share: the user, named or as the author of the target; the rule; the
 * sanction recorded, the user told, the reports it answers closed, the log appended.
 */
import { MOD_MSG, type RuleBroken, type SanctionKind, type SystemNoticeKind } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { ApiError } from '../../../api/http/errors';
import { isId, MOD_EXTRA_MSG, type ActionInput } from '../input';
import { appendLog, insertSanction } from '../queries/actions';
import { addSystemNotice } from '../queries/system-notices';
import { targetAuthor } from '../queries/targets';
import { closeTarget, parseRule, sanctionable, type ActionCall } from './common';

/** What a sanction tells: the user's notice, and the outcome its reporters are told. */
export interface SanctionNotice {
  kind: SystemNoticeKind;
  text: string;
  outcome: string;
}

export interface SanctionRule {
  action: 'warn' | 'freeze' | 'ban';
  kind: SanctionKind;
  /** The sanction's days from the body, checked before anything is locked (freeze); none for the others. */
  days?: (input: ActionInput) => number;
  /** Puts the recorded sanction in force and words it. */
  apply(db: Queryable, s: { uid: number; rule: RuleBroken; reason: string; until: number; days: number | undefined }): Promise<SanctionNotice>;
}

/** Sanctions the user of the call by `rule`; returns their uid (their standing may have changed). */
export async function sanctionUser({ db, moderator, input, target, reason }: ActionCall, rule: SanctionRule): Promise<number> {
  // A user, named or as the author of the target. Both named: they must agree, or the target's
  // reporters would be told of a sanction its author never got.
  const author = target ? await targetAuthor(db, target.kind, target.id) : null;
  if (target && author === null) throw new ApiError(404, MOD_MSG.notFound);
  if (target && isId(input.uid) && input.uid !== author) throw new ApiError(400, MOD_EXTRA_MSG.notTargetAuthor);
  const uid = isId(input.uid) ? input.uid : (author ?? undefined);
  if (!isId(uid)) throw new ApiError(400, MOD_MSG.notFound);
  const broken = parseRule(input.rule, true) as RuleBroken;
  const days = rule.days?.(input);
  await sanctionable(db, moderator, uid);
  const sanction = await insertSanction(db, { uid, kind: rule.kind, rule: broken, reason, byUid: moderator, days });
  const notice = await rule.apply(db, { uid, rule: broken, reason, until: sanction.until, days });
  await addSystemNotice(db, uid, notice.kind, notice.text);
  // The reports this answers: the target's when one was named, else those against the user's space.
  if (target) await closeTarget(db, moderator, target.kind, target.id, 'actioned', notice.outcome);
  else await closeTarget(db, moderator, 'user', uid, 'actioned', notice.outcome);
  await appendLog(db, { moderatorUid: moderator, action: rule.action, targetUid: uid, kind: target?.kind ?? '', itemId: target?.id ?? 0, reason });
  return uid;
}
