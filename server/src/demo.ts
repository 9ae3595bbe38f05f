/** Demo accounts, so a fresh install can be tried at once (DEMO_DATA=1, the default). */
import type { Sex, SkinId } from '@xiaoba/shared/core';
import { hashPassword } from './auth/passwords';
import { withTransaction, type Pool } from './db/pool';
import { insertUser } from './db/users';

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
  fans: number;
  follows: number;
  babadou: number;
  sign: number;
}

const DEMO_USERS: DemoUser[] = [
  { email: 'demo1@xiaoba.fan', name: '巴巴', sex: 1, birthday: '2003-05-12', skin: '', qm: '巴巴的地盘', qianming: '我的地盘我做主！', experience: 1250, fans: 36, follows: 12, babadou: 520, sign: 0 },
  { email: 'demo2@xiaoba.fan', name: '萌萌猫', sex: 0, birthday: '2005-08-23', skin: 'pinkcat', qm: '喵星来客', qianming: '今天也要元气满满哦~', experience: 880, fans: 128, follows: 40, babadou: 1314, sign: 0 },
  { email: 'demo3@xiaoba.fan', name: '月下剑客', sex: 1, birthday: '1999-11-02', skin: 'moon', qm: '一剑霜寒', qianming: '人生如剑，剑如人生。', experience: 3420, fans: 9, follows: 3, babadou: 88, sign: 0 },
  // Profile not finished: logging in leads to /card.
  { email: 'demo4@xiaoba.fan', name: '小雨', sex: 0, birthday: null, skin: 'rain', qm: '', qianming: '', experience: 40, fans: 0, follows: 1, babadou: 10, sign: 1 },
];

export interface DemoLogin {
  uid: number;
  email: string;
  name: string;
}

/**
 * Creates the demo users when the users table is empty. Runs under an advisory lock so that
 * processes starting together create them once. Returns the users created now (or none).
 */
export async function seedDemoUsers(pool: Pool): Promise<DemoLogin[]> {
  // Most starts find users already: skip the password hashing then.
  if ((await pool.query('SELECT 1 FROM users LIMIT 1')).rows.length > 0) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withTransaction(pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock(2, 0)');
    const { rows } = await db.query('SELECT 1 FROM users LIMIT 1');
    if (rows.length > 0) return [];
    const created: DemoLogin[] = [];
    for (const user of DEMO_USERS) {
      const uid = await insertUser(db, { ...user, passwordHash });
      created.push({ uid, email: user.email, name: user.name });
    }
    return created;
  });
}

/** The demo users that still exist, for the start-up banner. */
export async function existingDemoUsers(pool: Pool): Promise<DemoLogin[]> {
  const { rows } = await pool.query<DemoLogin>('SELECT uid, email, name FROM users WHERE email = ANY($1) ORDER BY uid', [
    DEMO_USERS.map((u) => u.email),
  ]);
  return rows;
}
