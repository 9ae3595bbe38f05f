/**
 * 勋章: the answer of GET /api/medal/list/{uid} and its path value, declared once. docs/api.md
 * "勋章" describes the route; shared/src/core/medal.ts holds the catalogue and the inferred types.
 */
import * as v from 'valibot';
import { MEDAL_IDS, MEDAL_MSG } from '../medal';
import { BOOL, STR, TIME, described, named } from './common';
import { idInput } from './inputs';

export const MedalIdSchema = described(v.picklist(MEDAL_IDS), 'a medal of the catalogue (shared/src/core/medal.ts)');

/** One medal of the catalogue, in the catalogue's order, as earned by the space's owner. */
export const MedalEntrySchema = named(
  'MedalEntry',
  v.object({
    id: MedalIdSchema,
    name: STR,
    /** How it is earned, one Chinese sentence. */
    how: STR,
    earned: BOOL,
    /** When it was first earned (the data's own time where it has one); null when not earned. */
    earnedAt: v.nullable(TIME),
  }),
);

/** The earned medals' ids in the catalogue's order (SpaceUser and UserInfo `medals`). */
export const EarnedMedalsSchema = described(v.array(MedalIdSchema), "the ids of the medals the user earned, in the catalogue's order");

/** `{uid}` of /api/medal/list/{uid}. */
export const MedalOwnerInput = idInput('uid', MEDAL_MSG.userNotFound, 'the user whose medals');
