/**
 * The site as it was at SWAP_COMMIT, the last commit before pages were hydrated (a signed-in or
 * prerendered page painted from the server, then rendered again off-screen and swapped in): built
 * once into a git worktree outside the repo and kept there by commit, so tools/bench-taps.mjs can
 * serve it beside the current build. The worktree reuses the repo's installed packages: its
 * node_modules links to the repo's, except the workspace packages (@xiaoba/*), which point at the
 * worktree's own folders.
 *
 *   node tools/swap-build.mjs    builds it (if not built yet) and prints its folder
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repo } from '../tests/src/site-server.mjs';

export const SWAP_COMMIT = 'bb9f7151c3ebda42a30b13d810cbae654333f59b';
const HOME = process.env.XB_SWAP_DIR || join(tmpdir(), 'xb-bench-swap');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** node_modules of `tree`: the repo's packages by link, the workspaces' own (@xiaoba/*) from `tree`. */
function linkPackages(tree) {
  const from = join(repo, 'node_modules');
  const to = join(tree, 'node_modules');
  mkdirSync(join(to, '@xiaoba'), { recursive: true });
  for (const name of readdirSync(from)) {
    if (name !== '@xiaoba') symlinkSync(join(from, name), join(to, name));
  }
  for (const name of readdirSync(join(from, '@xiaoba'))) {
    symlinkSync(join(tree, name), join(to, '@xiaoba', name));
  }
  // A workspace's own node_modules (a package version only it uses).
  for (const workspace of readdirSync(tree)) {
    const own = join(repo, workspace, 'node_modules');
    if (workspace !== 'node_modules' && existsSync(own) && !existsSync(join(tree, workspace, 'node_modules'))) {
      symlinkSync(own, join(tree, workspace, 'node_modules'));
    }
  }
}

/** The folder of the swap build, built on first use (a few minutes); later calls return at once. */
export function swapBuild() {
  const tree = join(HOME, SWAP_COMMIT);
  const done = join(tree, '.xb-built');
  if (existsSync(done)) return tree;
  if (existsSync(tree)) {
    // A build that stopped half way: start again from a clean worktree.
    spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: repo, stdio: 'ignore' });
    rmSync(tree, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: repo, stdio: 'ignore' });
  }
  mkdirSync(HOME, { recursive: true });
  console.log(`building the swap build (${SWAP_COMMIT.slice(0, 7)}) in ${tree}, once`);
  run('git', ['worktree', 'add', '--detach', tree, SWAP_COMMIT], repo);
  linkPackages(tree);
  run(process.execPath, [join(tree, 'node_modules', 'turbo', 'bin', 'turbo'), 'run', 'build', '--output-logs=errors-only'], tree);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return tree;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(swapBuild());
