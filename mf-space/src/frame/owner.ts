/** The owner a space page shows: the own user (from the store) or another user (fetched). */
import { DEFAULT_SMALL_SIGNATURE, TERRITORY_WORD, type Sex, type SpaceUser, type UserInfo } from '@xiaoba/shared';
import { type MedalId } from '@xiaoba/shared/space-features';

export interface SpaceOwner {
  uid: number;
  name: string;
  /** 大签名档; empty reads as the name plus 的地盘. */
  bigSignature: string;
  /** 签名档; empty reads as 我的地盘我做主！ */
  smallSignature: string;
  /** The signed-in user's own space (/my): signatures editable, tag box shown. */
  own: boolean;
  /** The stored signatures ('' = the default), what an edit starts from and compares with. */
  qm: string;
  qianming: string;
  /** Preset face code (0 = the letter circle). */
  face: number;
  /** The uploaded picture's URL, '' when the owner shows a face. */
  avatar: string;
  sex: Sex;
  /** 'YYYY-MM-DD' or '' when unknown. */
  birthday: string;
  experience: number;
  fans: number;
  follows: number;
  /** Space created, unix seconds. */
  ctime: number;
  /** Last login, unix seconds; 0 = unknown. */
  lastTime: number;
  /** Message-board count from the owner record; null for the own space (asked by GET /user/getleaves). */
  leaves: number | null;
  /** The signed-in user has blocked this owner; false on the own space. */
  blocked: boolean;
  /** The signed-in user follows this owner; false on the own space. */
  following: boolean;
  /** The owner lets the signed-in user follow them (their privacy, or a block: alike); true on the own space. */
  mayFollow: boolean;
  /** The medals the owner earned, in the catalogue's order (none in an older answer). */
  medals: MedalId[];
}

/** The profile fields SpaceUser and UserInfo both carry (each may be missing in an older answer). */
type Profile = Pick<
  SpaceUser & UserInfo,
  'uid' | 'qm' | 'qianming' | 'face' | 'avatar' | 'sex' | 'birthday' | 'experience' | 'fans' | 'follows' | 'ctime' | 'medals'
> & {
  /** Absent when another owner hides it. */
  lastTime?: number;
};

/** The one mapping; what differs between the own user and another user comes as parameters. */
function owner(u: Profile, name: string, own: boolean, leaves: number | null, blocked: boolean, following: boolean, mayFollow: boolean): SpaceOwner {
  const qm = u.qm ?? '';
  const qianming = u.qianming ?? '';
  return {
    uid: u.uid,
    name,
    bigSignature: qm.trim() || `${name}${TERRITORY_WORD}`,
    smallSignature: qianming.trim() || DEFAULT_SMALL_SIGNATURE,
    own,
    qm,
    qianming,
    face: u.face ?? 0,
    avatar: u.avatar ?? '',
    sex: u.sex,
    birthday: u.birthday ?? '',
    experience: u.experience ?? 0,
    fans: u.fans ?? 0,
    follows: u.follows ?? 0,
    ctime: u.ctime ?? 0,
    lastTime: u.lastTime ?? 0,
    leaves,
    blocked,
    following,
    mayFollow,
    medals: u.medals ?? [],
  };
}

export const ownerFromSpaceUser = (u: SpaceUser): SpaceOwner =>
  owner(u, u.uname, false, u.leaves ?? 0, u.blocked === true, u.following === true, u.mayFollow !== false);

export const ownerFromUser = (u: UserInfo): SpaceOwner => owner(u, u.name, true, null, false, false, true);
