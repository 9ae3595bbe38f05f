/** The deploy-key command (`npm run deploy-key`, key-cli.ts): see HELP. Returns the exit status. */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}
import { migrate } from '../../data/migrate';
import { createPool } from '../../data/pool';
import { openDatabase } from '../../operations/database';
import { MIGRATIONS_DIR } from '../../paths';
import { createKey, listKeys, revokeKey } from './keys';
import { DEFAULT_REGISTRY, RegistryFile } from './registry';

export const HELP = `Usage: npm run deploy-key -- create <remote> | list | revoke <id>

Deploy keys let a sub-team publish ONE remote from its own clone (npm run deploy -w @xiaoba/<remote>
-- --site URL --key KEY; docs/api.md "Publishing a remote"), without access to this machine.

  create <remote>  prints a new key for <remote> (a name of remotes.config.json). It is shown once:
                   only its SHA-256 is stored. Hand it to the team over a private channel.
  list             every key: id, remote, created, last used, revoked.
  revoke <id>      the key stops working at once (its published versions stay).

The database is found as the server finds it: DATABASE_URL if set, otherwise the embedded
PostgreSQL in DATA_DIR (default .data), the running one if the server is up.`;

const day = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '-');

export async function deployKeyCommand(args: string[], env: Record<string, string | undefined>, io: CommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    io.err(`deploy-key: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [command, arg, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    io.out(HELP);
    return parsed.values.help ? 0 : 2;
  }
  const wants = { create: 1, list: 0, revoke: 1 } as Record<string, number>;
  if (!(command in wants) || (wants[command] === 1) !== (arg !== undefined) || extra.length > 0) {
    io.err(`deploy-key: unknown or malformed command: ${parsed.positionals.join(' ')}\n\n${HELP}`);
    return 2;
  }
  const config = loadConfig(env);
  if (command === 'create') {
    const registry = await new RegistryFile(config.deploy.remotesFile, config.deploy.remotesFileSet ? undefined : DEFAULT_REGISTRY).load();
    if (!registry.remotes.some((r) => r.name === arg)) {
      io.err(`deploy-key: ${arg} is not a remote of ${config.deploy.remotesFile} (${registry.remotes.map((r) => r.name).join(', ')})`);
      return 2;
    }
  }
  if (command === 'revoke' && !/^[1-9]\d{0,15}$/.test(arg!)) {
    io.err(`deploy-key: revoke takes a key id (see list), got ${arg}`);
    return 2;
  }
  // Opens (or starts) the database like npm run restore does; the tables may need migration 009.
  const db = await openDatabase(config, 'restore', (line) => io.err(`deploy-key: ${line}`));
  const pool = createPool(db.url, 2);
  try {
    await migrate(pool, MIGRATIONS_DIR);
    if (command === 'create') {
      const { id, key } = await createKey(pool, arg!);
      io.out(`deploy-key: key ${id} for ${arg} (shown only now; store it as the team's secret XB_DEPLOY_KEY):\n${key}`);
    } else if (command === 'list') {
      const keys = await listKeys(pool);
      if (keys.length === 0) io.out('deploy-key: no keys yet (create one with: npm run deploy-key -- create <remote>)');
      for (const k of keys) {
        io.out(
          `${String(k.id).padStart(4)}  ${k.remote.padEnd(14)} created ${day(k.createdAt)}  last used ${day(k.lastUsedAt)}  ${k.revokedAt ? `REVOKED ${day(k.revokedAt)}` : 'active'}`,
        );
      }
    } else {
      if (!(await revokeKey(pool, Number(arg)))) {
        io.err(`deploy-key: no active key ${arg} (see list)`);
        return 1;
      }
      io.out(`deploy-key: key ${arg} revoked`);
    }
    return 0;
  } finally {
    await pool.end();
    await db.close();
  }
}
