/** The moderator command (`npm run moderator`, cli.ts): see HELP. Returns the exit status. */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { migrate } from '../../data/migrate';
import { createPool, NO_TIMEOUTS, withTransaction, type Pool } from '../../data/pool';
import { purgeRemoved } from './queries/removal';
import { createStorage } from '../../uploads/storage';
import { openDatabase } from '../../operations/database';
import { MIGRATIONS_DIR } from '../../paths';

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export const HELP = `Usage: npm run moderator -- add <uid> | remove <uid> | list | purge <days>

Moderators work in the moderation area (/admin, the mf-admin remote): the report queue, a page per
user, the actions (dismiss, remove, restore, warn, freeze, ban, lift) and the audit log
(docs/api.md "Safety" → "Moderation"). Only the operator grants the role, here.

  add <uid>     makes the user with this 米米号 a moderator (at their next page load).
  remove <uid>  makes them an ordinary user again (every /api/mod/* call answers 404 at once).
  list          every moderator: 米米号, nickname, e-mail.
  purge <days>  deletes for good what moderators removed more than <days> days ago, with what
                hangs under it (a yy's comments and pictures, a message's replies); until then a
                removal can be undone (restore). 0 purges every removed item.

The database is found as the server finds it: DATABASE_URL if set, otherwise the embedded
PostgreSQL in DATA_DIR (default .data), the running one if the server is up.`;

const UID = /^[1-9]\d{0,14}$/;
const DAYS = /^(0|[1-9]\d{0,2}|[1-2]\d{3}|3[0-5]\d{2}|36[0-4]\d|3650)$/;

async function setRole(pool: Pool, uid: number, role: 'user' | 'moderator'): Promise<{ name: string; before: string } | null> {
  const { rows } = await pool.query<{ name: string; before: string }>(
    `UPDATE users u SET role = $2 FROM (SELECT uid, role FROM users WHERE uid = $1 FOR UPDATE) old
      WHERE u.uid = old.uid RETURNING u.name, old.role AS before`,
    [uid, role],
  );
  return rows[0] ?? null;
}

export async function moderatorCommand(args: string[], env: Record<string, string | undefined>, io: CommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    io.err(`moderator: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [command, arg, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    io.out(HELP);
    return parsed.values.help ? 0 : 2;
  }
  const wants = { add: 1, remove: 1, list: 0, purge: 1 } as Record<string, number>;
  if (!(command in wants) || (wants[command] === 1) !== (arg !== undefined) || extra.length > 0) {
    io.err(`moderator: unknown or malformed command: ${parsed.positionals.join(' ')}\n\n${HELP}`);
    return 2;
  }
  if (command === 'purge' && !DAYS.test(arg ?? '')) {
    io.err(`moderator: purge takes a number of days (0 to 3650), got ${arg}`);
    return 2;
  }
  if (command !== 'purge' && arg !== undefined && !UID.test(arg)) {
    io.err(`moderator: ${command} takes a 米米号 (the user's number), got ${arg}`);
    return 2;
  }
  const config = loadConfig(env);
  // Opens (or starts) the database like npm run restore does; the role column may need migration 016.
  const db = await openDatabase(config, 'restore', (line) => io.err(`moderator: ${line}`));
  const pool = createPool(db.url, 2);
  try {
    await migrate(pool, MIGRATIONS_DIR);
    if (command === 'list') {
      const { rows } = await pool.query<{ uid: number; name: string; email: string }>(
        `SELECT uid, name, email FROM users WHERE role = 'moderator' ORDER BY uid`,
      );
      if (rows.length === 0) io.out('moderator: no moderators yet (add one with: npm run moderator -- add <uid>)');
      for (const r of rows) io.out(`${String(r.uid).padStart(8)}  ${r.name}  ${r.email}`);
      return 0;
    }
    if (command === 'purge') {
      const purged = await withTransaction(pool, (tx) => purgeRemoved(tx, Number(arg)), NO_TIMEOUTS);
      // The rows are gone for good: now their pictures (a file left by a failure is only unused).
      if (purged.files.length > 0) await createStorage(config).delete(purged.files);
      io.out(
        `moderator: purged what was removed more than ${arg} days ago (with what hung under it): ${purged.yy} yy, ${purged.comments} comments, ${purged.leaves} board messages, ${purged.leaveReplies} replies, ${purged.scrips} notes, ${purged.diaries} diary entries, ${purged.diaryComments} diary comments, ${purged.files.length} pictures`,
      );
      return 0;
    }
    const uid = Number(arg);
    const role = command === 'add' ? 'moderator' : 'user';
    const changed = await setRole(pool, uid, role);
    if (!changed) {
      io.err(`moderator: no user ${uid}`);
      return 1;
    }
    if (changed.before === role) io.out(`moderator: ${uid} (${changed.name}) ${role === 'moderator' ? 'is already a moderator' : 'is not a moderator'}`);
    else io.out(`moderator: ${uid} (${changed.name}) ${role === 'moderator' ? 'is now a moderator' : 'is no longer a moderator'}`);
    return 0;
  } finally {
    await pool.end();
    await db.close();
  }
}
