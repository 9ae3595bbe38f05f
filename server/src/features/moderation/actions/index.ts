/**
 * POST /api/mod/action: each action is a handler of its own, found by its name. Every one runs in
 * the caller's transaction and returns the user whose standing changed, if any.
 */
import type { ModAction, ReportKind } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import type { ActionInput } from '../input';
import { ban } from './ban';
import type { ActionHandler } from './common';
import { dismiss } from './dismiss';
import { freeze } from './freeze';
import { lift } from './lift';
import { remove } from './remove';
import { restore } from './restore';
import { warn } from './warn';

const HANDLERS: Record<ModAction, ActionHandler> = { dismiss, remove, restore, warn, freeze, ban, lift };

/** Runs the body's action (ModActionSchema checked its name) for `moderator`. */
export function act(db: Queryable, moderator: number, input: ActionInput): Promise<number | null> {
  const target = input.target as { kind: ReportKind; id: number } | undefined;
  return HANDLERS[input.action as ModAction]({ db, moderator, input, target, reason: input.reason });
}
