/**
 * The render sandbox in tests: its runner bundled as build.mjs bundles it (into the system's
 * temporary folder, which every user may enter: as root the sandbox runs each pool under a user
 * of its own, which must be able to read the runner wherever the repository is checked out), and
 * a built server entry opened through it. The sample user is the one every render test signs in as.
 */
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_ROOT } from '../paths';
import { createRenderSandbox, type RenderSandbox } from '../platform/render/sandbox';

/** Bundles src/platform/render/runner.ts to a file of its own (`name` keeps parallel test files apart); returns its path. */
export async function buildTestRunner(name: string): Promise<string> {
  const runner = path.join(tmpdir(), `xb-render-runner-${name}-${process.pid}.js`);
  await build({
    entryPoints: [path.join(SERVER_ROOT, 'src/platform/render/runner.ts')],
    outfile: runner,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  return runner;
}

export interface EntrySandbox {
  sandbox: RenderSandbox;
  /** What the sandbox warned about (a failed render's message). */
  warnings: string[];
  close(): Promise<void>;
}

/** A sandbox over one built folder (`root`), for a test of the server entry inside it. */
export async function openEntrySandbox(name: string, root: string): Promise<EntrySandbox> {
  const runner = await buildTestRunner(name);
  const warnings: string[] = [];
  const sandbox = createRenderSandbox({ roots: [root], timeoutMs: 10_000, runner, log: { info: () => {}, warn: (m) => warnings.push(m) } });
  return {
    sandbox,
    warnings,
    close: async () => {
      await sandbox.close();
      rmSync(runner, { force: true });
    },
  };
}

/** Whether a workspace's server entry is built; says so when it is not (the test is then skipped). */
export function entryBuilt(entry: string, workspace: string): boolean {
  const built = existsSync(entry);
  if (!built) console.warn(`${path.relative(SERVER_ROOT, entry)} is not built (run \`npm run build -w @xiaoba/${workspace}\`): its tests are skipped`);
  return built;
}

/** The signed-in user of the render tests (a UserInfo as getinfo answers it). */
export const SAMPLE_USER = {
  uid: 10001,
  name: '小巴同学',
  email: 'kid@xiaoba.cn',
  babadou: 0,
  experience: 120,
  qianming: '今天也要开心',
  qm: '小巴的地盘',
  sex: 0,
  follows: 3,
  fans: 5,
  face: 0,
  avatar: '',
  ctime: 1_450_000_000,
  skin: '',
  birthday: '2000-02-29',
  lastTime: 1_764_000_000,
  sign: 0,
};
