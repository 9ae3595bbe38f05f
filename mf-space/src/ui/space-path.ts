/** Where a user's name links: the own space is /my (the /{uid} page would only redirect there). */
export const spacePath = (uid: number, ownUid: number | undefined) => (uid === ownUid ? '/my' : `/${uid}`);
