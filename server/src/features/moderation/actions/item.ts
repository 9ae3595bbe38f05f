/** The item remove and restore act on: a yy, comment, board message or reply that is still here. */
import { MOD_MSG, type RuleBroken } from '@xiaoba/shared/core';
import type { RemovableKind } from '../queries/removal';
import { ApiError } from '../../../api/http/errors';
import { itemAuthor } from '../queries/targets';
import { parseRule, type ActionCall } from './common';

export interface ActedItem {
  kind: RemovableKind;
  id: number;
  /** Its author. */
  uid: number;
  /** The rule the body names, or ''. */
  rule: RuleBroken | '';
}

/** The body's item, else 400 (none, or a space) or 404 (gone); a bad rule answers 400. */
export async function actedItem({ db, input, target }: ActionCall): Promise<ActedItem> {
  if (!target || target.kind === 'user') throw new ApiError(400, MOD_MSG.notFound);
  const kind = target.kind;
  const item = await itemAuthor(db, kind, target.id);
  if (!item) throw new ApiError(404, MOD_MSG.notFound);
  return { kind, id: target.id, uid: item.uid, rule: parseRule(input.rule, false) };
}
