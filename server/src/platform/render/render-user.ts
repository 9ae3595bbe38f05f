/**
 * What a remote's server render learns of the signed-in user: the one place that decides it. The
 * same view goes into the render's props and into the state the page carries to the browser, so a
 * remote's code (in the sandbox, or in the browser after the takeover of a server-rendered page)
 * never gets more of the user than its pages show.
 *
 * - Never the e-mail address: no page shows it.
 * - The birthday only when the user shows it to others (privacy `showBirthday`), or to a remote
 *   whose pages edit it (mf-settings' profile page): a page of the user's own.
 * - Never the token: nothing a render shows needs it.
 */
/** The user's fields every render may receive (a UserInfo's, less `email` and `birthday`). */
export const RENDER_USER_FIELDS = [
  'uid',
  'name',
  'babadou',
  'experience',
  'qianming',
  'qm',
  'sex',
  'follows',
  'fans',
  'face',
  'avatar',
  'ctime',
  'skin',
  'lastTime',
  'sign',
  'role',
  'frozenUntil',
  'medals',
] as const;

/** Remotes (by registry name) whose pages edit the user's own birthday. */
export const EDITS_OWN_BIRTHDAY: ReadonlySet<string> = new Set(['mf-settings']);

/**
 * The user as `remote`'s render and the page's state get it ('shell' for the frame). `privacy`
 * null (not known) hides the birthday.
 */
export function renderUser(remote: string, user: Record<string, unknown>, privacy: { showBirthday: boolean } | null): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const field of RENDER_USER_FIELDS) if (field in user) view[field] = user[field];
  view.birthday = privacy?.showBirthday === true || EDITS_OWN_BIRTHDAY.has(remote) ? user.birthday : '';
  return view;
}
