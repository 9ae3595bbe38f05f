/**
 * The user card: how one user appears on another's page (the author of a comment or a board
 * message, a visitor, a fan, a followed user, a search hit, a blocked user). Every query that shows
 * one selects it through these fragments, so a field of the card is added in one place. The yy
 * lists read their authors in SQL, in yy_list_rows (server/sql/20_yy_list_rows.sql).
 *
 * `u` names a row of `users` in the caller's query; `viewer` the SQL expression of the viewer's uid.
 */

/** An author's card as columns (`username`, `face`, `avatar`); the author's uid is the authored row's. */
export const authorCard = (u: string) => `${u}.name AS username, ${u}.face, ${u}.avatar`;
/** The columns authorCard selects, as a row has them. */
export interface AuthorCardRow {
  username: string;
  face: number;
  avatar: string;
}

/** An author's card as `json_build_object` arguments: `uid`, `username`, `face`, `avatar`. */
export const authorCardJson = (u: string) => `'uid', ${u}.uid, 'username', ${u}.name, 'face', ${u}.face, 'avatar', ${u}.avatar`;

/** A listed user's card as columns (`uid`, `name`, `face`, `avatar`, `qianming`): BlockedUser's. */
export const listedCard = (u: string) => `${u}.uid, ${u}.name, ${u}.face, ${u}.avatar, ${u}.qianming`;

/** The viewer follows `u` (the 关注 / 已关注 button). */
export const viewerFollows = (u: string, viewer: string) => `EXISTS (SELECT 1 FROM follows m WHERE m.uid = ${viewer} AND m.followed_uid = ${u}.uid)`;

/** A listed user's card as `json_build_object` arguments: `uid`, `name`, `face`, `avatar`, `qianming` (ScripUser's). */
export const cardJson = (u: string) => `'uid', ${u}.uid, 'name', ${u}.name, 'face', ${u}.face, 'avatar', ${u}.avatar, 'qianming', ${u}.qianming`;

/**
 * A listed user's card with the viewer's relation, as `json_build_object` arguments: `uid`, `name`,
 * `face`, `avatar`, `qianming`, `following`, `followsMe` (FollowUser and SearchUser, before their own fields).
 */
export const listedCardJson = (u: string, viewer: string) =>
  `${cardJson(u)},
  'following', ${viewerFollows(u, viewer)},
  'followsMe', EXISTS (SELECT 1 FROM follows m WHERE m.uid = ${u}.uid AND m.followed_uid = ${viewer})`;
