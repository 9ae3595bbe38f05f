/**
 * Demo 日志 and 相册, seeded with the demo users on a fresh database after their follows (a
 * `mutual` or `followers` entry needs them): entries of a child's and an adult's hand in each of
 * the four visibilities, comments and a reply, and with `storage` two albums of photos drawn here.
 * Everything is written by the features' own queries, so the visibility rules, the counters and the
 * quota (album photos are `uploads` rows) are the real ones; the medals follow from the rows
 * (launchMedals at start).
 */
import sharp from 'sharp';
import type { Visibility } from '@xiaoba/shared/core';
import type { Queryable } from './data/pool';
import { insertAlbum, insertPhoto, updateAlbum } from './features/album/queries';
import { addCountedDiaryComment, countDiaryComment } from './features/diary/comment-queries';
import { insertDiary, setDiaryUploads } from './features/diary/queries';
import { processImage } from './uploads/images';
import type { UploadStorage } from './uploads/storage';
import { fileFromUploadUrl, saveUpload, writeStoredFile } from './uploads/store';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A soft two-colour gradient with a few round shapes: 800x600, our own art. */
function softPicture(top: string, bottom: string, shapes: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>${shapes}</svg>`;
}

const circles = (list: [number, number, number, string, number?][]) =>
  list.map(([x, y, r, fill, opacity = 1]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="${opacity}"/>`).join('');

/** A flower of five petals at (x, y). */
const flower = (x: number, y: number, petal: string) =>
  `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + 110}" stroke="#5f9e55" stroke-width="7"/>` +
  circles([0, 72, 144, 216, 288].map((a) => [x + 30 * Math.cos((a * Math.PI) / 180), y + 30 * Math.sin((a * Math.PI) / 180), 24, petal])) +
  circles([[x, y, 16, '#fff3b0']]);

export const DEMO_PICTURES: Record<string, string> = {
  dawn: softPicture(
    '#ffd6e0',
    '#fff4d6',
    circles([
      [620, 180, 90, '#fff', 0.8],
      [200, 420, 160, '#ffe0ea', 0.7],
      [520, 520, 120, '#fde7c8', 0.8],
    ]),
  ),
  garden: softPicture('#cdefff', '#d9f5c5', flower(220, 300, '#ff8fab') + flower(420, 260, '#c77dff') + flower(600, 320, '#ffb703')),
  bubbles: softPicture(
    '#e3f2ff',
    '#f3e5ff',
    circles([
      [160, 160, 70, '#b9dcff', 0.8],
      [420, 260, 110, '#d7c4ff', 0.6],
      [650, 150, 50, '#ffd1e8', 0.8],
      [300, 470, 80, '#c4f1e3', 0.7],
      [620, 450, 95, '#ffe3b3', 0.7],
    ]),
  ),
  hills: softPicture(
    '#fde2c8',
    '#f8c8d4',
    `<path d="M0 430 Q200 300 400 420 T800 380 V600 H0 Z" fill="#9fd3a8"/><path d="M0 500 Q250 420 500 500 T800 480 V600 H0 Z" fill="#7cc08a"/>` +
      circles([[600, 170, 70, '#fff6d8']]),
  ),
  pawprints: softPicture(
    '#ffe8f1',
    '#fff6e6',
    [
      [200, 420],
      [330, 300],
      [480, 380],
      [610, 250],
    ]
      .map(([x, y]) =>
        circles([
          [x!, y!, 34, '#f6a15b'],
          [x! - 38, y! - 44, 14, '#f6a15b'],
          [x! - 12, y! - 60, 14, '#f6a15b'],
          [x! + 16, y! - 60, 14, '#f6a15b'],
          [x! + 40, y! - 42, 14, '#f6a15b'],
        ]),
      )
      .join(''),
  ),
  yarn: softPicture(
    '#fce4ec',
    '#e1f5fe',
    circles([[400, 320, 150, '#ff8fb1']]) +
      `<path d="M290 240 Q400 300 510 240 M270 330 Q400 390 530 330 M300 420 Q400 460 500 420" stroke="#ffd1e0" stroke-width="10" fill="none"/>` +
      `<path d="M540 390 Q640 460 700 560" stroke="#ff8fb1" stroke-width="8" fill="none"/>`,
  ),
};

interface DemoDiary {
  key: string;
  /** Index into the demo users (0 is 100001). */
  author: number;
  ago: number;
  visibility: Visibility;
  title: string;
  content: string;
  pictures?: string[];
}

/**
 * 巴巴 and 萌萌猫 follow each other, 月下剑客 and 巴巴 too; 萌萌猫 follows 月下剑客 one way; 小雨
 * follows 巴巴 (demo-follows.ts). So 萌萌猫's `mutual` entry is 巴巴's to read, not 月下剑客's, and
 * 月下剑客's `followers` entry is read by 巴巴 and 萌萌猫, not by 小雨.
 */
export const DEMO_DIARIES: DemoDiary[] = [
  {
    key: 'school',
    author: 0,
    ago: 6 * DAY + 7 * HOUR,
    visibility: 'public',
    title: '放学以后',
    content:
      '今天放学以后，我和同桌去小卖部买了辣条和汽水[b12]\n\n' +
      '回家的路上看见一只小狗一直跟着我们，我们给它起名叫"豆豆"。妈妈说不能带回家，我有点难过[b20]\n\n' +
      '作业写到九点才写完，数学题好难！明天还要早起，晚安～',
  },
  {
    key: 'birthday',
    author: 1,
    ago: 3 * DAY + 5 * HOUR,
    visibility: 'mutual',
    title: '我的生日会',
    content:
      '今天是我的生日！！[b1][b1]\n\n' +
      '爸爸妈妈给我买了一个草莓蛋糕，上面有一只奶油小猫，舍不得吃[m60]\n\n' +
      '许的愿望是秘密，不告诉你们～不过我可以说一点点：和好朋友永远在一起[f123]',
  },
  {
    key: 'trip',
    author: 2,
    ago: 2 * DAY + 9 * HOUR,
    visibility: 'followers',
    title: '带班级去春游',
    content:
      '周末带班上的孩子们去郊外春游。一路上他们唱歌、猜谜，比我还兴奋[k150]\n\n' +
      '到了山脚下，大家分组找春天：有人找到了蒲公英，有人找到了刚发芽的柳枝，还有一组认真地数了一路的蚂蚁。\n\n' +
      '回程时好几个孩子在车上睡着了。看着他们，想起自己小时候春游前一晚兴奋得睡不着的样子。',
    pictures: ['garden'],
  },
  {
    key: 'secret',
    author: 0,
    ago: DAY + 3 * HOUR,
    visibility: 'self',
    title: '悄悄话',
    content: '这篇只写给自己看[b8]\n\n期中考试要加油，不能再粗心了！还有，要记得给萌萌猫准备一份礼物。',
  },
  {
    key: 'night',
    author: 2,
    ago: 10 * HOUR,
    visibility: 'public',
    title: '夜读',
    content: '夜里重读了小时候最爱的武侠小说。当年只记得刀光剑影，如今读到的，是江湖里的情义[k144]\n\n书还是那本书，读书的人长大了。',
  },
];

interface DemoDiaryComment {
  key: string;
  on: string;
  author: number;
  /** Minutes after the entry. */
  after: number;
  content: string;
  replyTo?: string;
}

export const DEMO_DIARY_COMMENTS: DemoDiaryComment[] = [
  { key: 'd1', on: 'school', author: 1, after: 40, content: '豆豆好可爱！下次带我去看看它[m70]' },
  { key: 'd2', on: 'school', author: 0, after: 55, content: '好呀，它总在学校门口[b3]', replyTo: 'd1' },
  { key: 'd3', on: 'birthday', author: 0, after: 30, content: '生日快乐！[b5] 蛋糕上的小猫像你' },
  { key: 'd4', on: 'trip', author: 1, after: 90, content: '好羡慕你的学生[f125]' },
];

interface DemoAlbum {
  owner: number;
  name: string;
  visibility: Visibility;
  pictures: string[];
  /** Index into `pictures` of the cover. */
  cover: number;
}

export const DEMO_ALBUMS: DemoAlbum[] = [
  { owner: 0, name: '春天的小花园', visibility: 'public', pictures: ['dawn', 'garden', 'hills', 'bubbles'], cover: 1 },
  { owner: 1, name: '猫猫涂鸦本', visibility: 'mutual', pictures: ['pawprints', 'yarn', 'bubbles'], cover: 0 },
];

async function drawPictures(names: Iterable<string>): Promise<Map<string, Awaited<ReturnType<typeof processImage>>>> {
  // Through processImage like an upload: the stored file is the site's WebP. Drawn together: most of the seed's time.
  const unique = [...new Set(names)];
  const images = await Promise.all(unique.map(async (name) => processImage(await sharp(Buffer.from(DEMO_PICTURES[name]!)).png().toBuffer())));
  return new Map(unique.map((name, i) => [name, images[i]!]));
}

/** Seeds the demo entries, their comments and (with `storage`) pictures and albums; `uids` in creation order. */
export async function seedDemoDiaries(db: Queryable, uids: number[], storage?: UploadStorage, now = Math.floor(Date.now() / 1000)): Promise<void> {
  const names = storage ? [...DEMO_DIARIES.flatMap((d) => d.pictures ?? []), ...DEMO_ALBUMS.flatMap((a) => a.pictures)] : [];
  const drawn = await drawPictures(names);
  const entries = new Map<string, { id: number; ctime: number; owner: number }>();
  for (const d of DEMO_DIARIES) {
    const uid = uids[d.author]!;
    const { diaryId, ctime } = await insertDiary(db, { uid, title: d.title, content: d.content, visibility: d.visibility, ctime: now - d.ago });
    if (storage && d.pictures) {
      const files: string[] = [];
      for (const name of d.pictures) files.push(fileFromUploadUrl((await saveUpload(db, storage, uid, drawn.get(name)!)).url)!);
      await setDiaryUploads(db, diaryId, uid, files);
    }
    entries.set(d.key, { id: diaryId, ctime, owner: uid });
  }
  const comments = new Map<string, { id: number; uid: number }>();
  for (const c of DEMO_DIARY_COMMENTS) {
    const entry = entries.get(c.on)!;
    const uid = uids[c.author]!;
    // The comment route's own check: the commenter must see the entry (its visibility and the follows).
    if (!(await countDiaryComment(db, entry.id, uid))?.allowed) throw new Error(`demo: ${uid} may not comment on entry ${c.on}`);
    const reply = c.replyTo ? comments.get(c.replyTo)! : null;
    const ctime = Math.min(now, entry.ctime + c.after * MINUTE);
    const comment = await addCountedDiaryComment(
      db,
      { diaryId: entry.id, uid, content: c.content, replyCommentId: reply?.id ?? null, replyUid: reply?.uid ?? null, ctime },
      entry.owner,
    );
    comments.set(c.key, { id: comment.commentId, uid });
  }
  if (!storage) return;
  for (const a of DEMO_ALBUMS) {
    const uid = uids[a.owner]!;
    const albumId = (await insertAlbum(db, uid, a.name, a.visibility, 1))!;
    const photoIds: number[] = [];
    for (const name of a.pictures) {
      const image = drawn.get(name)!;
      const file = await writeStoredFile(storage, 'album', image.data);
      const photo = await insertPhoto(db, albumId, uid, file, { size: image.data.length, width: image.width, height: image.height });
      photoIds.push(photo.photoId);
    }
    await updateAlbum(db, albumId, { coverPhotoId: photoIds[a.cover]! });
  }
}
