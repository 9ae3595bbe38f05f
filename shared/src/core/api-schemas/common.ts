/** The pieces the API's declarations are built from: named object types and the common field types. */
import * as v from 'valibot';
import { SKINS, type SkinId } from '../constants';
import type { UserRole } from '../safety';

/** An object type of the API, as the document names it. */
export const named = <S extends v.GenericSchema>(name: string, schema: S) => v.pipe(schema, v.description(`${name} (shared/src/core/api-schemas)`));

export const INT = v.pipe(v.number(), v.integer());
export const STR = v.string();
export const BOOL = v.boolean();
export const SexSchema = v.pipe(v.picklist([0, 1]), v.description('0 girl, 1 boy'));
export const FACE = v.pipe(v.number(), v.integer(), v.minValue(0), v.description('the preset face code (0 the letter circle)'));
/** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
export const AVATAR = v.pipe(v.string(), v.description("the uploaded picture's URL, '' when none (then the face is shown)"));
export const TIME = v.pipe(v.number(), v.integer(), v.description('unix seconds'));
export const SKIN = v.picklist(SKINS.map((s) => s.id) as [SkinId, ...SkinId[]]);
export const ROLES: [UserRole, ...UserRole[]] = ['user', 'moderator'];
/** Who may write to a user: everyone, or only the user. */
export const WHO_MAY_WRITE = ['everyone', 'me'] as const;
export const WhoMayWriteSchema = v.pipe(v.picklist(WHO_MAY_WRITE), v.description("everyone, or 'me': the owner only"));
export const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

/** Every paged list. `current` and `size` echo the page asked for. */
export const pageSchema = <T extends v.GenericSchema>(item: T, name = 'T') =>
  named(`Page<${name}>`, v.object({ records: v.array(item), total: INT, pages: INT, current: INT, size: INT }));
