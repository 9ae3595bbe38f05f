/**
 * A space id as the site allows it: a positive integer, written canonically (no sign, no leading
 * zero, no decimals). The same rule as the server's GET /user/getuserinfo/{id}, so an id the
 * server would refuse never costs a request.
 */
const SPACE_ID = /^[1-9]\d{0,14}$/;

export function parseSpaceId(text: string | undefined): number | null {
  return text !== undefined && SPACE_ID.test(text) ? Number(text) : null;
}
