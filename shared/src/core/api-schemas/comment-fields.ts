/** The fields a yy's comment and a 日志 entry's comment share, after their own id and their post's. */
import { AVATAR, FACE, INT, STR, TIME } from './common';

export const COMMENT_FIELDS = {
  uid: INT,
  username: STR,
  face: FACE,
  avatar: AVATAR,
  content: STR,
  ctime: TIME,
  /** The comment this one answers, 0 for a plain comment. */
  replyCommentId: INT,
  /** The user this one answers, 0 for a plain comment. */
  replyUid: INT,
  /** That user's name ('' for a plain comment), so a reply shows whom it answers. */
  replyUsername: STR,
};
