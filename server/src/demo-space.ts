/**
 * Demo boards and visitors (spaces, part 2), seeded with the demo users on a fresh database:
 * leave messages with replies between 100001-100003 (emoji codes included) and visits over the
 * last days, so /my of 100001 shows a board and recent visitors at once. Counters
 * (`users.leave_count`, `users.visit_count`) are kept by the same functions the API uses.
 */
import { insertLeave, insertReply } from './features/board/queries';
import type { Queryable } from './data/pool';
import { recordVisit } from './features/visitors/queries';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface DemoLeave {
  /** Indexes into the demo users (0 is 100001). */
  board: number;
  author: number;
  ago: number;
  content: string;
  /** Replies by the board's owner or the author: [who, minutes after the message, text]. */
  replies?: [number, number, string][];
}

export const DEMO_LEAVES: DemoLeave[] = [
  {
    board: 0,
    author: 1,
    ago: 6 * DAY,
    content: '巴巴，好久不见！还记得我吗[b5]',
    replies: [
      [0, 20, '当然记得啦，萌萌猫！[b12]'],
      [1, 45, '嘿嘿，以后常来串门[f125]'],
    ],
  },
  { board: 0, author: 2, ago: 3 * DAY + 5 * HOUR, content: '路过，留下一剑[k144]', replies: [[0, 90, '剑客大人慢走[b3]']] },
  { board: 0, author: 1, ago: DAY + 2 * HOUR, content: '你的晚霞照片好美，下次带我去[m70]' },
  { board: 0, author: 2, ago: 6 * HOUR, content: '新空间很不错，恭喜开张！', replies: [[0, 10, '谢谢捧场[b8]']] },
  { board: 0, author: 1, ago: 25 * MINUTE, content: '沙发是我的[b1][b1]' },
  { board: 1, author: 0, ago: 2 * DAY, content: '猫猫画得太可爱了[m60]', replies: [[1, 30, '谢谢巴巴～[f123]']] },
  { board: 1, author: 2, ago: 9 * HOUR, content: '喵星来客，幸会[k150]' },
  { board: 2, author: 0, ago: 4 * DAY, content: '剑客，什么时候教我练剑？[b20]', replies: [[2, 60, '先扎一个月马步[k160]']] },
  { board: 2, author: 1, ago: 11 * HOUR, content: '早点睡呀[b33]' },
];

interface DemoVisit {
  space: number;
  visitor: number;
  ago: number;
}

export const DEMO_VISITS: DemoVisit[] = [
  { space: 0, visitor: 1, ago: 6 * DAY },
  { space: 0, visitor: 1, ago: 2 * DAY },
  { space: 0, visitor: 2, ago: 3 * DAY + 5 * HOUR },
  { space: 0, visitor: 3, ago: DAY + 3 * HOUR },
  { space: 0, visitor: 2, ago: 6 * HOUR },
  { space: 0, visitor: 1, ago: 25 * MINUTE },
  { space: 1, visitor: 0, ago: 2 * DAY },
  { space: 1, visitor: 2, ago: 9 * HOUR },
  { space: 2, visitor: 0, ago: 4 * DAY },
  { space: 2, visitor: 1, ago: 11 * HOUR },
];

/** Seeds the demo boards and visits; `uids` are the demo users in creation order (100001 first). */
export async function seedDemoBoards(db: Queryable, uids: number[], now = Math.floor(Date.now() / 1000)): Promise<void> {
  for (const l of DEMO_LEAVES) {
    const ctime = now - l.ago;
    const leaveId = await insertLeave(db, { owner: uids[l.board]!, uid: uids[l.author]!, content: l.content, ctime });
    for (const [who, after, content] of l.replies ?? []) {
      await insertReply(db, { leaveId: leaveId!, uid: uids[who]!, content, ctime: Math.min(now, ctime + after * MINUTE) });
    }
  }
  for (const v of DEMO_VISITS) await recordVisit(db, uids[v.space]!, uids[v.visitor]!, now - v.ago);
}
