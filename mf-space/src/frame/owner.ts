/** The owner a space page shows: the own user (from the store) or another user (fetched). */
import { DEFAULT_SMALL_SIGNATURE, TERRITORY_WORD, type SpaceUser, type UserInfo } from '@xiaoba/shared';

export interface SpaceOwner {
  uid: number;
  name: string;
  /** 大签名档; empty reads as the name plus 的地盘 (spec section 5). */
  bigSignature: string;
  /** 签名档; empty reads as 我的地盘我做主！ */
  smallSignature: string;
}

function owner(uid: number, name: string, qm: string, qianming: string): SpaceOwner {
  return {
    uid,
    name,
    bigSignature: qm.trim() || `${name}${TERRITORY_WORD}`,
    smallSignature: qianming.trim() || DEFAULT_SMALL_SIGNATURE,
  };
}

export const ownerFromSpaceUser = (u: SpaceUser): SpaceOwner => owner(u.uid, u.uname, u.qm ?? '', u.qianming ?? '');
export const ownerFromUser = (u: UserInfo): SpaceOwner => owner(u.uid, u.name, u.qm ?? '', u.qianming ?? '');
