#!/usr/bin/env node
/**
 * Publishes ONE remote to a running site from any clone (docs/api.md "Publishing a remote"):
 *
 *   npm run deploy -w @xiaoba/mf-home -- --site https://xiaoba.example [--key KEY]
 *   npm run deploy -w @xiaoba/mf-home -- --site URL --list
 *   npm run deploy -w @xiaoba/mf-home -- --site URL --rollback [VERSION]
 *
 * Run from a remote's folder (npm -w does that). Publishing builds the remote with its normal
 * atomic build, zips its dist/ and POSTs it with the current git commit; the server checks it
 * (contract, routes, paths, sizes) before storing anything and makes it the served version in one
 * step. The key (`xbd_<remote>_...`, from the operator's `npm run deploy-key -- create <remote>`)
 * comes from --key or XB_DEPLOY_KEY. Nothing here reads the server's files.
 *
 * Exit codes: 0 done; 1 the server refused or could not be reached (its message is printed);
 * 2 a usage error; 3 the build failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import yazl from 'yazl';

const HELP = `Usage (from a remote's folder, or through npm -w):
  npm run deploy -w @xiaoba/<remote> -- --site URL [--key KEY]   build, then publish dist/
  npm run deploy -w @xiaoba/<remote> -- --site URL --list         the published versions
  npm run deploy -w @xiaoba/<remote> -- --site URL --rollback [VERSION]
                                         serve VERSION again, or the one before the active one

Options:
  --site URL     the site, e.g. https://xiaoba.example (http only for localhost / 127.0.0.1)
  --key KEY      the remote's deploy key (xbd_<remote>_...); default: env XB_DEPLOY_KEY
  --no-build     publish dist/ as it is (every file in it), without building first
  --dir DIR      publish this folder instead of dist/ (implies --no-build)
  --remote NAME  the remote's name on the site (default: from package.json, @xiaoba/<name>)
  -h, --help     this text

Exit codes: 0 done, 1 refused by the site or not reachable, 2 usage, 3 build failed.`;

class UsageError extends Error {}

/** @param {string[]} argv */
export function parseDeployArgs(argv) {
  /** @type {{ site?: string, key?: string, list: boolean, rollback: boolean, version?: string, build: boolean, dir?: string, remote?: string, help: boolean }} */
  const opts = { list: false, rollback: false, build: true, help: false };
  const value = (i, flag) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const take = () => (inline !== undefined ? inline : value(i++, flag));
    switch (flag) {
      case '--site':
        opts.site = take();
        break;
      case '--key':
        opts.key = take();
        break;
      case '--dir':
        opts.dir = take();
        opts.build = false;
        break;
      case '--remote':
        opts.remote = take();
        break;
      case '--list':
        opts.list = true;
        break;
      case '--no-build':
        opts.build = false;
        break;
      case '-h':
      case '--help':
        opts.help = true;
        break;
      case '--rollback':
        opts.rollback = true;
        // The version is optional: take the next word only when it is not another option.
        if (inline !== undefined) opts.version = inline;
        else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('-')) opts.version = argv[++i];
        break;
      default:
        throw new UsageError(`unknown argument ${arg}`);
    }
  }
  if (opts.help) return opts;
  if (opts.list && opts.rollback) throw new UsageError('--list and --rollback cannot be combined');
  if (!opts.site) throw new UsageError('--site URL is required');
  let url;
  try {
    url = new URL(opts.site);
  } catch {
    throw new UsageError(`--site ${opts.site} is not a URL (e.g. https://xiaoba.example)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`--site must be an http(s) URL, got ${url.protocol}`);
  // The key travels in a header: never in clear text over the network.
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    throw new UsageError(`--site ${opts.site}: use https (http only for localhost or 127.0.0.1), the deploy key must not travel in clear text`);
  }
  opts.site = url.origin + url.pathname.replace(/\/+$/, '');
  if (opts.version !== undefined && !/^[0-9a-f]{12}$/.test(opts.version)) {
    throw new UsageError(`--rollback ${opts.version}: a version is 12 hex digits, as --list shows`);
  }
  return opts;
}

/** Every file under `dir` (relative, with /), skipping dotfiles and dot-folders (.vite/): the server never serves them. */
export function buildFiles(dir) {
  /** @type {string[]} */
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

/** The ZIP of `dir`'s files, paths relative to it (remoteEntry.js at the top), as one Buffer. */
export function zipDir(dir, files = buildFiles(dir)) {
  const zip = new yazl.ZipFile();
  // A fixed time: the same build gives the same ZIP (the server's version is a hash of the content anyway).
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const file of files) {
    // .br/.gz are compressed already: storing them again deflated only costs time.
    zip.addFile(join(dir, file), file, { mtime, compress: !/\.(br|gz|png|jpe?g|webp|woff2?)$/.test(file) });
  }
  zip.end();
  return new Promise((resolvePromise, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolvePromise(Buffer.concat(chunks)));
  });
}

const mb = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KB`);

/** The site's answer: { status, body } with body the {code, msg, data} envelope when it is one. */
async function call(site, path, init) {
  let res;
  try {
    res = await fetch(`${site}${path}`, { ...init, redirect: 'error' });
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (error).cause;
    throw new Error(`cannot reach ${site}: ${cause?.code ?? cause?.message ?? /** @type {Error} */ (error).message}`);
  }
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

/** One line for a refusal: the status and the site's message. */
function refusalLine(action, { status, body, text }) {
  const msg = body && typeof body.msg === 'string' ? body.msg : text.slice(0, 200).trim() || '(no message)';
  const hint =
    status === 401
      ? ' (check --key / XB_DEPLOY_KEY: the operator creates keys with npm run deploy-key -- create <remote>)'
      : status === 403
        ? ' (this key belongs to another remote)'
        : status === 404 && !body
          ? ' (is this the site? it has no deploy API)'
          : '';
  return `${action} refused: HTTP ${status}: ${msg}${hint}`;
}

function gitCommit(cwd) {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' });
  const sha = git.status === 0 ? git.stdout.trim() : '';
  if (!/^[0-9a-f]{40}$/.test(sha)) return undefined;
  const dirty = spawnSync('git', ['status', '--porcelain', '--', '.'], { cwd, encoding: 'utf8' });
  if (dirty.status === 0 && dirty.stdout.trim())
    console.log(`note: ${basename(cwd)} has uncommitted changes; the version records commit ${sha.slice(0, 12)} anyway`);
  return sha;
}

/** @param {string[]} argv @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [context] @returns {Promise<number>} exit code */
export async function main(argv, { cwd = process.cwd(), env = process.env } = {}) {
  let opts;
  try {
    opts = parseDeployArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`deploy: ${error.message} (--help for usage)`);
    return 2;
  }
  if (opts.help) {
    console.log(HELP);
    return 0;
  }
  let remote = opts.remote;
  if (!remote) {
    const pkgFile = join(cwd, 'package.json');
    const name = existsSync(pkgFile) ? JSON.parse(readFileSync(pkgFile, 'utf8')).name : undefined;
    remote = typeof name === 'string' ? name.replace(/^@[^/]+\//, '') : undefined;
    if (!remote || !existsSync(join(cwd, 'vite.config.ts'))) {
      console.error(`deploy: run it for one remote: npm run deploy -w @xiaoba/<remote> -- --site URL (or pass --remote NAME)`);
      return 2;
    }
  }
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(remote)) {
    console.error(`deploy: ${remote} is not a remote name (lower case letters, digits and -)`);
    return 2;
  }
  const key = opts.key ?? env.XB_DEPLOY_KEY;
  if (!key) {
    console.error(`deploy: no deploy key: pass --key KEY or set XB_DEPLOY_KEY (the site's operator creates one with npm run deploy-key -- create ${remote})`);
    return 2;
  }
  const base = `/api/deploy/${remote}`;
  const headers = { 'x-deploy-key': key };

  try {
    if (opts.list) {
      const answer = await call(opts.site, `${base}/versions`, { headers });
      if (answer.status !== 200 || !Array.isArray(answer.body?.data)) {
        console.error(refusalLine('list', answer));
        return 1;
      }
      const rows = answer.body.data;
      if (!rows.length) console.log(`${remote}: nothing published yet (the site serves its local build, if any)`);
      else {
        console.log(`${remote} on ${opts.site}, newest first:`);
        for (const v of rows) {
          console.log(
            `${v.active ? '*' : ' '} ${v.version}  ${String(v.createdAt).replace('T', ' ').slice(0, 19)}  ${(v.commit ?? '-').slice(0, 12).padEnd(12)}  ${mb(v.bytes)}${v.active ? '  (active)' : ''}`,
          );
        }
      }
      return 0;
    }

    if (opts.rollback) {
      const answer = await call(opts.site, `${base}/rollback`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(opts.version ? { version: opts.version } : {}),
      });
      if (answer.status !== 200) {
        console.error(refusalLine('rollback', answer));
        return 1;
      }
      const { version, previous } = answer.body.data ?? {};
      console.log(`rolled back ${remote}: ${previous ?? '-'} -> ${version} (active now; pages show it on their next load)`);
      return 0;
    }

    // Files the build writes are new; the ones atomic-build carries over from earlier builds keep
    // their old times (for tabs open on this machine's dist/) and are left out of the publish.
    const buildStart = Date.now();
    if (opts.build) {
      console.log(`building ${remote}...`);
      const build = spawnSync(process.execPath, [join(import.meta.dirname, 'atomic-build.mjs')], { cwd, stdio: 'inherit' });
      if (build.status !== 0) {
        console.error(`deploy: the build of ${remote} failed (exit ${build.status}); nothing was published`);
        return 3;
      }
    }
    const dir = resolve(cwd, opts.dir ?? 'dist');
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      console.error(`deploy: ${dir} is not a folder${opts.build ? '' : ' (build first, or drop --no-build)'}`);
      return 2;
    }
    let files = buildFiles(dir);
    if (opts.build) {
      const fresh = files.filter((f) => statSync(join(dir, f)).mtimeMs >= buildStart - 1000);
      if (fresh.length < files.length) console.log(`left out ${files.length - fresh.length} files of earlier builds (kept in dist/ for tabs open on it)`);
      files = fresh;
    }
    for (const needed of ['remoteEntry.js', 'routes.json']) {
      if (!files.includes(needed)) {
        console.error(`deploy: ${join(dir, needed)} is missing: is this a remote's build?`);
        return 2;
      }
    }
    const zip = await zipDir(dir, files);
    const commit = gitCommit(cwd);
    console.log(`publishing ${remote}: ${files.length} files, ZIP ${mb(zip.length)}${commit ? `, commit ${commit.slice(0, 12)}` : ''} -> ${opts.site}`);
    const answer = await call(opts.site, `${base}${commit ? `?commit=${commit}` : ''}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/zip' },
      body: zip,
    });
    if (answer.status !== 200) {
      console.error(refusalLine('publish', answer));
      return 1;
    }
    const data = answer.body.data;
    console.log(`published ${remote} version ${data.version} (${data.files} files, ${mb(data.bytes)}), active now: pages show it on their next load`);
    console.log(`undo with: npm run deploy -w @xiaoba/${remote} -- --site ${opts.site} --rollback`);
    return 0;
  } catch (error) {
    console.error(`deploy: ${/** @type {Error} */ (error).message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2));
}
