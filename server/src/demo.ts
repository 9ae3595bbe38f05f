/**
 * Demo accounts, so a fresh install can be tried at once (DEMO_DATA=1, the default): four users,
 * and for the first three a living space: yy posts spread over the last weeks (with emoji codes,
 * topics and pictures drawn here), comments and replies between them, and a repost; follows
 * between all four (demo-follows.ts), whose counters are the real counts; 日志 and 相册
 * (demo-diary.ts).
 */
import sharp from 'sharp';
import type { Sex, SkinId } from '@xiaoba/shared/core';
import { hashPassword } from './api/auth/passwords';
import { NO_TIMEOUTS, withTransaction, type Pool, type Queryable } from './data/pool';
import { insertUser } from './features/accounts/queries';
import { seedDemoDiaries } from './demo-diary';
import { seedDemoFollows } from './demo-follows';
import { insertComment } from './features/comments/queries';
import { claimUploads, insertYy } from './features/yy/queries';
import { seedDemoBoards } from './demo-space';
import { processImage } from './uploads/images';
import { fileFromUploadUrl, saveUpload } from './uploads/store';
import type { UploadStorage } from './uploads/storage';

export const DEMO_PASSWORD = 'xiaoba123';

interface DemoUser {
  email: string;
  name: string;
  sex: Sex;
  birthday: string | null;
  skin: SkinId;
  qm: string;
  qianming: string;
  experience: number;
  babadou: number;
  sign: number;
}

const DEMO_USERS: DemoUser[] = [
  {
    email: 'demo1@xiaoba.fan',
    name: '巴巴',
    sex: 1,
    birthday: '2003-05-12',
    skin: '',
    qm: '巴巴的地盘',
    qianming: '我的地盘我做主！',
    experience: 1250,
    babadou: 520,
    sign: 0,
  },
  {
    email: 'demo2@xiaoba.fan',
    name: '萌萌猫',
    sex: 0,
    birthday: '2005-08-23',
    skin: 'pinkcat',
    qm: '喵星来客',
    qianming: '今天也要元气满满哦~',
    experience: 880,
    babadou: 1314,
    sign: 0,
  },
  {
    email: 'demo3@xiaoba.fan',
    name: '月下剑客',
    sex: 1,
    birthday: '1999-11-02',
    skin: 'moon',
    qm: '一剑霜寒',
    qianming: '人生如剑，剑如人生。',
    experience: 3420,
    babadou: 88,
    sign: 0,
  },
  // Profile not finished: logging in leads to /card.
  {
    email: 'demo4@xiaoba.fan',
    name: '小雨',
    sex: 0,
    birthday: null,
    skin: 'rain',
    qm: '',
    qianming: '',
    experience: 40,
    babadou: 10,
    sign: 1,
  },
];

export interface DemoLogin {
  uid: number;
  email: string;
  name: string;
}

export interface SeedOptions {
  /** Where the demo pictures are stored; without it the users get no posts, albums nor entry pictures. */
  storage?: UploadStorage;
}

/**
 * Creates the demo users (and, with `storage`, their spaces) when the users table is empty.
 * Runs under an advisory lock so that processes starting together create them once. Returns the
 * users created now (or none).
 */
export async function seedDemoUsers(pool: Pool, options: SeedOptions = {}): Promise<DemoLogin[]> {
  // Most starts find users already: skip the password hashing and drawing then.
  if ((await pool.query('SELECT 1 FROM users LIMIT 1')).rows.length > 0) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withTransaction(
    pool,
    async (db) => {
      await db.query('SELECT pg_advisory_xact_lock(2, 0)');
      const { rows } = await db.query('SELECT 1 FROM users LIMIT 1');
      if (rows.length > 0) return [];
      const created: DemoLogin[] = [];
      for (const user of DEMO_USERS) {
        const uid = await insertUser(db, { ...user, passwordHash });
        created.push({ uid, email: user.email, name: user.name });
      }
      if (options.storage)
        await seedDemoSpaces(
          db,
          options.storage,
          created.map((u) => u.uid),
        );
      await seedDemoBoards(
        db,
        created.map((u) => u.uid),
      );
      await seedDemoFollows(
        db,
        created.map((u) => u.uid),
      );
      // After the follows: a mutual entry's comments need them.
      await seedDemoDiaries(
        db,
        created.map((u) => u.uid),
        options.storage,
      );
      return created;
    },
    NO_TIMEOUTS,
  ); // the pictures are drawn inside, and a second process waits on the lock: never cut off
}

// ---- the demo spaces ------------------------------------------------------------------------

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Pictures drawn for the demo (our own art), 800x600 SVG rendered by sharp. */
const DRAWINGS: Record<string, string> = {
  sunset: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b2a6b"/><stop offset="0.55" stop-color="#f0766b"/><stop offset="1" stop-color="#ffd27a"/>
    </linearGradient></defs>
    <rect width="800" height="600" fill="url(#sky)"/>
    <circle cx="560" cy="330" r="70" fill="#fff1b8" opacity="0.95"/>
    <polygon points="0,600 0,380 140,250 260,360 380,220 520,380 640,290 800,400 800,600" fill="#5a3d6e"/>
    <polygon points="0,600 0,470 180,360 330,460 470,380 620,470 800,420 800,600" fill="#37284a"/>
    <path d="M120 140 q15 -12 30 0 q15 -12 30 0" stroke="#2b1f3d" stroke-width="4" fill="none"/>
    <path d="M220 110 q12 -10 24 0 q12 -10 24 0" stroke="#2b1f3d" stroke-width="4" fill="none"/>
  </svg>`,
  night: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#0f1b3d"/>
    <circle cx="600" cy="150" r="80" fill="#fdf6d8"/><circle cx="630" cy="130" r="70" fill="#0f1b3d"/>
    ${[
      [80, 90],
      [190, 160],
      [300, 60],
      [420, 200],
      [120, 300],
      [500, 80],
      [720, 320],
      [260, 260],
      [380, 330],
      [680, 40],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="#fff7c2"/>`)
      .join('')}
    <rect y="440" width="800" height="160" fill="#17284f"/>
    <polygon points="330,440 400,330 470,440" fill="#0b1330"/><rect x="385" y="380" width="30" height="60" fill="#0b1330"/>
    <line x1="420" y1="300" x2="520" y2="470" stroke="#c9d3ff" stroke-width="6" stroke-linecap="round"/>
  </svg>`,
  cat: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#ffe4ef"/>
    <polygon points="250,230 300,90 380,200" fill="#f6a15b"/><polygon points="550,230 500,90 420,200" fill="#f6a15b"/>
    <polygon points="275,210 305,130 350,200" fill="#ffc4d6"/><polygon points="525,210 495,130 450,200" fill="#ffc4d6"/>
    <ellipse cx="400" cy="330" rx="200" ry="170" fill="#f6a15b"/>
    <circle cx="330" cy="310" r="26" fill="#3a2a2a"/><circle cx="470" cy="310" r="26" fill="#3a2a2a"/>
    <circle cx="338" cy="300" r="8" fill="#fff"/><circle cx="478" cy="300" r="8" fill="#fff"/>
    <polygon points="385,360 415,360 400,378" fill="#e0607e"/>
    <path d="M400 378 q-25 30 -50 8 M400 378 q25 30 50 8" stroke="#3a2a2a" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M300 370 h-110 M300 390 l-100 25 M500 370 h110 M500 390 l100 25" stroke="#3a2a2a" stroke-width="4" stroke-linecap="round"/>
    <circle cx="290" cy="380" r="22" fill="#ff9fb8" opacity="0.6"/><circle cx="510" cy="380" r="22" fill="#ff9fb8" opacity="0.6"/>
  </svg>`,
  sea: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="330" fill="#8fd3ff"/><circle cx="140" cy="110" r="55" fill="#ffe066"/>
    <rect y="330" width="800" height="270" fill="#2f8fd8"/>
    ${[360, 420, 480, 540].map((y) => `<path d="M0 ${y} q50 -18 100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0" stroke="#d8f1ff" stroke-width="5" fill="none"/>`).join('')}
    <polygon points="470,330 600,330 580,360 490,360" fill="#8b4a2b"/>
    <line x1="535" y1="330" x2="535" y2="200" stroke="#5a3a22" stroke-width="6"/>
    <polygon points="540,205 540,320 620,320" fill="#fff"/>
    <ellipse cx="400" cy="600" rx="460" ry="60" fill="#f6dca0"/>
  </svg>`,
  flowers: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#bfe8ff"/><rect y="330" width="800" height="270" fill="#7cc96b"/>
    ${[
      [120, 420, '#ff6f91'],
      [260, 470, '#ffd166'],
      [400, 410, '#c77dff'],
      [540, 480, '#ff8fab'],
      [680, 430, '#ffb703'],
      [200, 540, '#f07167'],
      [470, 550, '#8ecae6'],
      [620, 560, '#ff70a6'],
    ]
      .map(
        ([x, y, c]) =>
          `<line x1="${x}" y1="${y}" x2="${x}" y2="${Number(y) + 70}" stroke="#3f8f3a" stroke-width="6"/>` +
          [0, 72, 144, 216, 288]
            .map(
              (a) =>
                `<circle cx="${Number(x) + 22 * Math.cos((a * Math.PI) / 180)}" cy="${Number(y) + 22 * Math.sin((a * Math.PI) / 180)}" r="17" fill="${c}"/>`,
            )
            .join('') +
          `<circle cx="${x}" cy="${y}" r="12" fill="#fff3b0"/>`,
      )
      .join('')}
  </svg>`,
};

interface DemoPost {
  key: string;
  /** Index into the demo users (0 is 100001). */
  author: number;
  ago: number;
  content: string;
  pictures?: string[];
  /** Key of the post this one reposts. */
  repostOf?: string;
}

const DEMO_POSTS: DemoPost[] = [
  { key: 'hello', author: 0, ago: 20 * DAY, content: '#怀旧# 翻出了小时候画的画[b12][b15]\n大海和花园，你们喜欢哪一张？', pictures: ['sea', 'flowers'] },
  { key: 'daily', author: 1, ago: 10 * DAY, content: '今天也要元气满满哦~[b1] #每日打卡#' },
  { key: 'sword', author: 2, ago: 4 * DAY, content: '练剑第一百天[k144] 坚持就是胜利！' },
  { key: 'mole', author: 0, ago: 2 * DAY + 3 * HOUR, content: '有没有人还记得摩尔庄园[m60] 好怀念那时候的日子' },
  { key: 'cat', author: 1, ago: DAY + 2 * HOUR, content: '给大家画了一只猫猫[m70] 喵～', pictures: ['cat'] },
  { key: 'moon', author: 2, ago: 12 * HOUR, content: '夜深了，月亮好圆[k150]', pictures: ['night'] },
  { key: 'sunset', author: 0, ago: 5 * HOUR, content: '今天去爬山了，山顶的晚霞太美了[f130]', pictures: ['sunset'] },
  { key: 'repost', author: 1, ago: 40 * MINUTE, content: '好美！我也想去[b20]', repostOf: 'sunset' },
  { key: 'open', author: 0, ago: 3 * MINUTE, content: '新的校巴空间开张啦[b3] 欢迎大家来玩～ #校巴回归#' },
];

interface DemoComment {
  key: string;
  on: string;
  author: number;
  /** Minutes after the post. */
  after: number;
  content: string;
  replyTo?: string;
}

const DEMO_COMMENTS: DemoComment[] = [
  { key: 'c1', on: 'hello', author: 1, after: 30, content: '我喜欢花园那张[f123]' },
  { key: 'c2', on: 'hello', author: 0, after: 45, content: '我也是最喜欢它！', replyTo: 'c1' },
  { key: 'c3', on: 'cat', author: 0, after: 20, content: '好可爱[m60]' },
  { key: 'c4', on: 'cat', author: 1, after: 35, content: '嘿嘿[f125]', replyTo: 'c3' },
  { key: 'c5', on: 'cat', author: 2, after: 90, content: '画得真好[k160]' },
  { key: 'c6', on: 'sunset', author: 2, after: 25, content: '在哪座山呀？' },
  { key: 'c7', on: 'sunset', author: 0, after: 40, content: '就在城郊的小山上[b2]', replyTo: 'c6' },
  { key: 'c8', on: 'moon', author: 1, after: 15, content: '剑客大人还不睡[b33]' },
  { key: 'c9', on: 'open', author: 1, after: 1, content: '沙发！[b5]' },
  { key: 'c10', on: 'open', author: 2, after: 2, content: '来捧场[k150]' },
  { key: 'c11', on: 'open', author: 0, after: 2, content: '谢谢萌萌猫[b8]', replyTo: 'c9' },
];

async function drawDemoPictures(): Promise<Map<string, Buffer>> {
  const drawn = new Map<string, Buffer>();
  for (const [name, svg] of Object.entries(DRAWINGS)) drawn.set(name, await sharp(Buffer.from(svg)).png().toBuffer());
  return drawn;
}

/** The demo posts, pictures (stored as normal uploads), reposts and comments, with their counters. */
async function seedDemoSpaces(db: Queryable, storage: UploadStorage, uids: number[]): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const drawn = await drawDemoPictures();
  const posts = new Map<string, { id: number; ctime: number }>();
  for (const p of DEMO_POSTS) {
    const uid = uids[p.author]!;
    const ctime = now - p.ago;
    const sourceId = p.repostOf ? posts.get(p.repostOf)!.id : null;
    const id = await insertYy(db, { uid, content: p.content, transpondId: sourceId, ctime });
    if (p.pictures) {
      const files: string[] = [];
      for (const name of p.pictures) {
        const saved = await saveUpload(db, storage, uid, await processImage(drawn.get(name)!));
        files.push(fileFromUploadUrl(saved.url)!);
      }
      await claimUploads(db, id, uid, files);
    }
    posts.set(p.key, { id, ctime });
  }
  const comments = new Map<string, { id: number; uid: number }>();
  for (const c of DEMO_COMMENTS) {
    const post = posts.get(c.on)!;
    const uid = uids[c.author]!;
    const reply = c.replyTo ? comments.get(c.replyTo)! : null;
    const id = await insertComment(db, {
      weiboId: post.id,
      uid,
      content: c.content,
      replyCommentId: reply?.id ?? null,
      replyUid: reply?.uid ?? null,
      ctime: Math.min(now, post.ctime + c.after * MINUTE),
    });
    comments.set(c.key, { id: id!, uid });
  }
}

/** The demo users that still exist, for the start-up banner. */
export async function existingDemoUsers(pool: Pool): Promise<DemoLogin[]> {
  const { rows } = await pool.query<DemoLogin>('SELECT uid, email, name FROM users WHERE email = ANY($1) ORDER BY uid', [DEMO_USERS.map((u) => u.email)]);
  return rows;
}
