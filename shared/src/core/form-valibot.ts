/**
 * The valibot functions the forms' rules (./form-rules.ts) are built with, as one object: the
 * singleton exports it (it carries valibot anyway for its own rules), so a page that bundles
 * those rules takes valibot from there (../forms-from-singleton.ts) instead of carrying a second copy.
 */
import { boolean, check, nullable, number, object, optional, pipe, string, transform } from 'valibot';

export const formValibot = { boolean, check, nullable, number, object, optional, pipe, string, transform };
