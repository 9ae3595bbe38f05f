#!/usr/bin/env node
/**
 * `node tools/bench-pages.mjs [--quick]` (also run by `npm run bench`): what module federation
 * costs a first visit, measured against a CONTROL: the same shell and remote sources built as one
 * Vite build without federation (tools/control/vite.config.mjs, route-level code splitting, Vite's
 * preload hints; output .bench/control, never shipped), served the same way by the real server
 * (SITE_DIR=.bench/control: no remotes, so its inlined manifest is empty).
 *
 * For /login, /register, /my and /home (the last two signed in as demo user 100001), on each site:
 *   - in Chromium (playwright, empty cache, no throttling): script requests and JavaScript bytes
 *     as sent (compressed), all requests;
 *   - Lighthouse 13 (fetched by npx, run through tools/bench-lighthouse.mjs; mobile preset:
 *     simulated slow 4G) against Debian's Chromium: performance score, FCP, LCP and TBT, the
 *     median of 3 runs each. For a signed-in page each run logs in afresh and starts with that
 *     login's cookies in the browser; the shell restores the session from them. A visit that ends
 *     anywhere but the page asked for (sent to /login) fails the bench.
 *   - The CPU slowdown Lighthouse simulates is the preset's 4x on a host of benchmarkIndex 1,330
 *     (the 2-core machines these figures come from), scaled by this host's benchmarkIndex
 *     (measured by a throwaway run first): 4 x benchmarkIndex / 1330, so that a faster or slower
 *     host emulates the same phone. Both are printed with the scores.
 * Prints both side by side with their ratio (federated / control). A full run also writes the
 * figures into docs/performance.md (between its bench markers) and docs/performance-chart.svg.
 * `--quick` or BENCH_QUICK=1: no Lighthouse, no docs written. `--docs-only`: rewrite the docs from
 * the last full run's figures (.bench/pages.json), measuring nothing.
 * Needs the site built (`npm run build`); builds the control itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, freePort, repo, startSite } from '../tests/src/site-server.mjs';
import { measure as budgetMeasure } from './check-budget.mjs';
import { precompressDir } from './precompress.mjs';

export const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = 3;
const DEMO = { username: '100001', password: 'xiaoba123' };
/** `ready`: what the live page shows once its code has arrived (in #root: not the prerendered copy). */
const PAGES = [
  { path: '/login', signedIn: false, ready: '#root form input' },
  { path: '/register', signedIn: false, ready: '#root form input' },
  { path: '/my', signedIn: true, ready: '#root article' },
  { path: '/home', signedIn: true, ready: '#root article' },
  { path: '/100002', signedIn: true, ready: '#root article' },
];
/** The pages' speed targets (Lighthouse mobile preset, median of 3): score, LCP and TBT per page. */
const TARGETS = { '/login': 98, '/register': 98, '/my': 95, '/home': 95, '/100002': 95 };
const TARGET_LCP_MS = 1500;
const TARGET_TBT_MS = 150;
/** Lighthouse's mobile CPU slowdown, meant for a host of REFERENCE_BENCHMARK_INDEX. */
export const PHONE_CPU_SLOWDOWN = 4;
export const REFERENCE_BENCHMARK_INDEX = 1330;
const CONTROL_DIR = join(repo, '.bench', 'control');
const DOC = join(repo, 'docs', 'performance.md');
const CHART = join(repo, 'docs', 'performance-chart.svg');
const START = '<!-- bench:pages:start (written by tools/bench-pages.mjs) -->';
const END = '<!-- bench:pages:end -->';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** Builds the control into .bench/control/shell/dist, with the emoji folder the server also serves. */
function buildControl() {
  for (const dir of ['shell', 'mf-auth', 'mf-space', 'mf-home', 'mf-settings']) {
    if (!existsSync(join(repo, dir, 'dist'))) throw new Error(`${dir}/dist is missing: run npm run build first`);
  }
  const viteBin = join(dirname(createRequire(join(repo, 'shell', 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [viteBin, 'build', '--config', join(repo, 'tools', 'control', 'vite.config.mjs'), '--logLevel', 'warn'], {
    cwd: repo,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the control build failed');
  // Served the same way: the real builds write .br/.gz siblings the server sends as they are.
  precompressDir(join(CONTROL_DIR, 'shell', 'dist'));
  // Pages a remote prerenders at build (mf-auth's /login, /register) are put into index.html by
  // the server from <remote>/dist/prerender: the control gets them too (without a remoteEntry.js
  // and routes.json such a folder is no remote, so its manifest stays empty).
  for (const dir of ['mf-auth', 'mf-space', 'mf-home', 'mf-settings']) {
    const target = join(CONTROL_DIR, dir);
    rmSync(target, { recursive: true, force: true });
    const prerendered = join(repo, dir, 'dist', 'prerender');
    if (existsSync(prerendered)) cpSync(prerendered, join(target, 'dist', 'prerender'), { recursive: true });
  }
  const emoji = join(CONTROL_DIR, 'shared', 'dist', 'emoji');
  rmSync(emoji, { recursive: true, force: true });
  mkdirSync(dirname(emoji), { recursive: true });
  cpSync(join(repo, 'shared', 'dist', 'emoji'), emoji, { recursive: true });
}

/** A fresh login of the demo user: the cookies the server set (xb_refresh, the xb_session hint). */
export async function sessionCookies(url) {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0];
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  });
  if (!cookies.some((c) => c.name === 'xb_refresh')) throw new Error('login set no xb_refresh cookie');
  return cookies;
}

/** One first visit in Chromium, empty cache: requests and bytes as sent. */
async function firstLoad(browser, url, page) {
  const context = await browser.newContext();
  try {
    if (page.signedIn) {
      await context.addCookies((await sessionCookies(url)).map((c) => ({ ...c, url })));
    }
    const tab = await context.newPage();
    const requests = [];
    tab.on('requestfinished', (request) => requests.push(request));
    await tab.goto(`${url}${page.path}`);
    // The live page (its area hydrated, where it has one) with its content, then
    // every fetch settled. Network quiet alone is not enough: on a busy machine the shell's
    // entry can run for longer than the 500 ms of quiet before it asks for the page's chunks.
    await tab
      .waitForFunction(
        (ready) =>
          (!document.getElementById('xb-area') || document.getElementById('xb-area').hasAttribute('data-xb-live')) &&
          document.querySelector(ready) &&
          ![...document.querySelectorAll('#root [role="status"]')].some((el) => el.textContent?.includes('加载中')),
        page.ready,
        { timeout: 90_000 },
      )
      .catch(async (error) => {
        const shows = await tab.evaluate(() => ({
          areaLive: document.getElementById('xb-area')?.hasAttribute('data-xb-live'),
          root: document.getElementById('root')?.innerText.slice(0, 200),
        }));
        throw new Error(`${url}${page.path} never showed ${page.ready}: ${JSON.stringify(shows)} (${error.message.split('\n')[0]})`);
      });
    await tab.waitForLoadState('networkidle');
    const landed = new URL(tab.url()).pathname;
    if (landed !== page.path) throw new Error(`${page.path} ended on ${landed} (not signed in?)`);
    let scripts = 0;
    let jsBytes = 0;
    for (const request of requests) {
      if (request.resourceType() !== 'script') continue;
      scripts++;
      jsBytes += (await request.sizes()).responseBodySize;
    }
    return { scripts, jsBytes, requests: requests.length };
  } finally {
    await context.close();
  }
}

/** A page's HTML as the site sends it to this visitor, with every script and module preload taken out. */
export function withoutScripts(html) {
  return html.replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="(?:xb-)?modulepreload"[^>]*>/g, '');
}

/**
 * The NO-SCRIPT CONTROL: the same server-rendered HTML the site sends, its scripts
 * removed, which is the physical limit of a page's paint; everything else (pictures, emoji)
 * comes from the site. A page is fetched afresh per visit with a fresh login's cookies.
 */
async function noScriptSite(siteUrl) {
  /** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} */
  const answer = async (req, res) => {
    try {
      const path = (req.url ?? '/').split('?')[0];
      const page = PAGES.find((p) => p.path === path);
      if (page) {
        const cookie = page.signedIn ? (await sessionCookies(siteUrl)).map((c) => `${c.name}=${c.value}`).join('; ') : '';
        const html = await (await fetch(`${siteUrl}${req.url}`, { headers: { accept: 'text/html', cookie } })).text();
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(withoutScripts(html));
        return;
      }
      const upstream = await fetch(`${siteUrl}${req.url}`);
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  };
  const server = createServer((req, res) => void answer(req, res));
  const port = await freePort();
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/** The folder of the pinned Lighthouse package in npx's cache (fetched on first use). */
export function lighthouseDir() {
  const r = spawnSync('npx', ['-y', '-p', LIGHTHOUSE, '-c', 'echo "$PATH"'], { cwd: repo, encoding: 'utf8' });
  const bin = (r.stdout ?? '').trim().split(':')[0] ?? '';
  const dir = join(dirname(bin), 'lighthouse');
  if (r.status !== 0 || !existsSync(join(dir, 'package.json'))) throw new Error(`npx could not provide ${LIGHTHOUSE}: ${r.stderr}`);
  return dir;
}

/**
 * One Lighthouse run (mobile preset, its CPU slowdown replaced when `cpuSlowdownMultiplier` is
 * given) of `url` with these cookies: score and metrics in ms, and the host's benchmarkIndex.
 */
function lighthouse(lhDir, url, cookies, workDir, cpuSlowdownMultiplier) {
  return new Promise((resolve, reject) => {
    const out = join(workDir, `lh-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    let stderr = '';
    const child = spawn(process.execPath, [join(repo, 'tools', 'bench-lighthouse.mjs'), JSON.stringify({ url, out, cookies, cpuSlowdownMultiplier })], {
      cwd: repo,
      env: { ...process.env, LH_DIR: lhDir, CHROME_PATH: CHROME },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 || !existsSync(out)) return reject(new Error(`lighthouse ${url} failed (${code}):\n${stderr.slice(-2000)}`));
      const lhr = JSON.parse(readFileSync(out, 'utf8'));
      rmSync(out, { force: true });
      if (lhr.runtimeError) return reject(Object.assign(new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), { retry: true }));
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(url).pathname) return reject(new Error(`lighthouse ${url} ended on ${landed} (not signed in?)`));
      const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
      resolve({
        score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * This host's Lighthouse benchmarkIndex, from a throwaway run of `url` (the preset's settings), and
 * the CPU slowdown that makes it emulate the reference phone: 4 x benchmarkIndex / 1330.
 */
export async function calibrateLighthouse(lhDir, url, workDir) {
  for (let attempt = 1; ; attempt++) {
    try {
      const { benchmarkIndex } = await lighthouse(lhDir, url, [], workDir);
      return { benchmarkIndex, cpuSlowdown: (PHONE_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX };
    } catch (error) {
      if (!error.retry || attempt === 3) throw error;
    }
  }
}

/** How a calibration reads beside the scores. */
export const calibrationNote = ({ benchmarkIndex, cpuSlowdown }) =>
  `benchmarkIndex ${Math.round(benchmarkIndex)}, CPU slowdown ${cpuSlowdown.toFixed(2)}x = ${PHONE_CPU_SLOWDOWN} x ${Math.round(benchmarkIndex)} / ${REFERENCE_BENCHMARK_INDEX}`;

/**
 * All figures of one site (SITE_DIR), on a server and database of its own. `lh`: the Lighthouse
 * folder and the host's calibration, measured on the first site that needs it (null: no Lighthouse).
 */
async function measureSite(siteDir, label, lh) {
  const dataDir = mkdtempSync(join(tmpdir(), `xiaoba-bench-${label}-`));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const site = await startSite({
    SITE_DIR: siteDir,
    DATA_DIR: dataDir,
    PG_PORT: String(await freePort()),
    DEMO_DATA: '1',
    // Many logins from one address in a few minutes: the general limits would refuse some.
    RATE_LIMIT_ANON: '0',
    RATE_LIMIT_USER: '0',
  });
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROMIUM_ARGS,
  });
  const result = {};
  try {
    for (const page of PAGES) {
      result[page.path] = await firstLoad(browser, site.url, page);
      process.stdout.write(`  ${label} ${page.path}: ${result[page.path].scripts} scripts, ${(result[page.path].jsBytes / 1024).toFixed(1)} KB JS\n`);
    }
    await browser.close();
    if (lh) {
      if (!lh.calibration) {
        lh.calibration = await calibrateLighthouse(lh.dir, `${site.url}/login`, dataDir);
        console.log(`  Lighthouse on this host: ${calibrationNote(lh.calibration)}`);
      }
      /** RUNS Lighthouse runs of `page` on `base` (signed in afresh each time), and their medians. */
      const lighthouseRuns = async (base, page, withCookies) => {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          // A busy machine sometimes spoils a trace (NO_NAVSTART, NO_FCP): that run is taken again,
          // with a login of its own (the spoilt run may have rotated the refresh cookie).
          for (let attempt = 1; ; attempt++) {
            const cookies = page.signedIn && withCookies ? await sessionCookies(site.url) : [];
            try {
              runs.push(await lighthouse(lh.dir, `${base}${page.path}`, cookies, dataDir, lh.calibration.cpuSlowdown));
              break;
            } catch (error) {
              if (!error.retry || attempt === 3) throw error;
              console.warn(`  ${error.message}: again`);
            }
          }
        }
        return { lighthouse: Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'benchmarkIndex'].map((k) => [k, median(runs.map((r) => r[k]))])), runs };
      };
      // The no-script control of the shipped site only: the control build has no server render.
      const bare = label === 'federated' ? await noScriptSite(site.url) : null;
      try {
        for (const page of PAGES) {
          Object.assign(result[page.path], await lighthouseRuns(site.url, page, true));
          const scores = result[page.path].lighthouse;
          let line = `  ${label} ${page.path}: Lighthouse ${scores.score} (benchmarkIndex ${Math.round(scores.benchmarkIndex)}), LCP ${(scores.lcp / 1000).toFixed(2)} s, TBT ${scores.tbt.toFixed(0)} ms`;
          if (bare) {
            result[page.path].noScript = (await lighthouseRuns(bare.url, page, false)).lighthouse;
            line += `; no-script control: LCP ${(result[page.path].noScript.lcp / 1000).toFixed(2)} s`;
          }
          process.stdout.write(`${line}\n`);
        }
      } finally {
        await bare?.close();
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}x` : '-');

/** Rows of the side-by-side table: [page, figure, federated, control, ratio]. */
function tableRows(fed, ctl) {
  const rows = [];
  for (const { path } of PAGES) {
    const f = fed[path];
    const c = ctl[path];
    rows.push([path, 'JS as sent (compressed)', kb(f.jsBytes), kb(c.jsBytes), ratio(f.jsBytes, c.jsBytes)]);
    rows.push([path, 'script requests', String(f.scripts), String(c.scripts), ratio(f.scripts, c.scripts)]);
    if (f.lighthouse && c.lighthouse) {
      const fl = f.lighthouse;
      const cl = c.lighthouse;
      rows.push([path, 'Lighthouse performance score', String(fl.score), String(cl.score), ratio(fl.score, cl.score)]);
      rows.push([path, 'FCP', sec(fl.fcp), sec(cl.fcp), ratio(fl.fcp, cl.fcp)]);
      rows.push([path, 'LCP', sec(fl.lcp), sec(cl.lcp), ratio(fl.lcp, cl.lcp)]);
      rows.push([path, 'TBT', `${fl.tbt.toFixed(0)} ms`, `${cl.tbt.toFixed(0)} ms`, cl.tbt >= 1 ? ratio(fl.tbt, cl.tbt) : '-']);
    }
    if (f.lighthouse && f.noScript)
      rows.push([path, 'LCP vs the no-script control', sec(f.lighthouse.lcp), sec(f.noScript.lcp), ratio(f.lighthouse.lcp, f.noScript.lcp)]);
  }
  return rows;
}

const escapeXml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Two bar panels (first-load JS in KB, Lighthouse LCP in s), federated vs control per page. */
export function chartSvg(fed, ctl, caption) {
  const width = 760;
  const panelHeight = 230;
  const colors = { federated: '#3b6fd8', control: '#9aa5b1' };
  const panels = [
    { title: 'First-load JavaScript, compressed (KB)', value: (r) => r.jsBytes / 1024, format: (v) => v.toFixed(0) },
    { title: 'Lighthouse mobile LCP, median of 3 (s)', value: (r) => r.lighthouse.lcp / 1000, format: (v) => v.toFixed(2) },
  ];
  const parts = [];
  panels.forEach((panel, p) => {
    const top = 70 + p * (panelHeight + 30);
    const values = PAGES.flatMap(({ path }) => [panel.value(fed[path]), panel.value(ctl[path])]);
    const max = Math.max(...values) * 1.15 || 1;
    const plotTop = top + 28;
    const plotBottom = top + panelHeight - 30;
    const scale = (v) => ((plotBottom - plotTop) * v) / max;
    parts.push(`<text x="20" y="${top + 14}" font-size="15" font-weight="bold">${escapeXml(panel.title)}</text>`);
    parts.push(`<line x1="60" y1="${plotBottom}" x2="${width - 20}" y2="${plotBottom}" stroke="#555"/>`);
    const group = (width - 100) / PAGES.length;
    PAGES.forEach(({ path }, i) => {
      const x0 = 70 + i * group;
      [
        ['federated', fed[path]],
        ['control', ctl[path]],
      ].forEach(([name, r], j) => {
        const v = panel.value(r);
        const h = scale(v);
        const x = x0 + 20 + j * 62;
        parts.push(
          `<rect x="${x}" y="${(plotBottom - h).toFixed(1)}" width="56" height="${h.toFixed(1)}" fill="${colors[name]}"><title>${escapeXml(`${path} ${name}: ${panel.format(v)}`)}</title></rect>`,
        );
        parts.push(`<text x="${x + 28}" y="${(plotBottom - h - 5).toFixed(1)}" font-size="12" text-anchor="middle">${panel.format(v)}</text>`);
      });
      const r = panel.value(fed[path]) / panel.value(ctl[path]);
      parts.push(
        `<text x="${x0 + 79}" y="${plotBottom + 18}" font-size="13" text-anchor="middle">${escapeXml(path)} <tspan fill="#666">(${r.toFixed(2)}x)</tspan></text>`,
      );
    });
  });
  const height = 70 + 2 * (panelHeight + 30) + 10;
  const legend = Object.entries(colors)
    .map(
      ([name, color], i) =>
        `<rect x="${20 + i * 170}" y="38" width="14" height="14" fill="${color}"/><text x="${40 + i * 170}" y="50" font-size="13">${name === 'federated' ? 'federated (shipped)' : 'single-bundle control'}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" fill="#222">
<rect width="100%" height="100%" fill="#fff"/>
<text x="20" y="26" font-size="13">${escapeXml(caption)}</text>
${legend}
${parts.join('\n')}
</svg>
`;
}

/** Replaces the bench's block of docs/performance.md (everything else, e.g. the API section, stays). */
function writeDocs(fed, ctl, when, load, calibration) {
  const rows = tableRows(fed, ctl);
  // Lighthouse's times depend on what else the machine does: say how busy it was.
  const busy = load ? `, load average ${load.map((l) => l.toFixed(1)).join(' at the start, ')} at the end` : '';
  const block = [
    START,
    `Last full run: ${when} (\`npm run bench\`; ${LIGHTHOUSE}, Chromium \`${chromiumVersion()}\`, Node ${process.version}, ${cpuNote()}${busy}${calibration ? `; Lighthouse ${calibrationNote(calibration)}` : ''}).`,
    '',
    '| page | figure | federated | control | federated / control |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    '![First-load JavaScript and LCP, federated vs control](performance-chart.svg)',
    END,
  ].join('\n');
  const doc = readFileSync(DOC, 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a === -1 || b === -1) throw new Error(`${DOC} lacks the bench markers`);
  writeFileSync(DOC, doc.slice(0, a) + block + doc.slice(b + END.length));
  writeFileSync(CHART, chartSvg(fed, ctl, `${when}, Lighthouse mobile preset (simulated slow 4G)`));
}

function chromiumVersion() {
  const r = spawnSync(CHROME, ['--version'], { encoding: 'utf8' });
  return (r.stdout || '').trim() || CHROME;
}

function cpuNote() {
  const cpus = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor\s*:/gm)?.length ?? 0;
  return `${cpus} CPUs`;
}

const when = () => new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
const RESULTS = join(repo, '.bench', 'pages.json');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--docs-only')) {
  const saved = JSON.parse(readFileSync(RESULTS, 'utf8'));
  if (!saved.when || !saved.federated['/login'].lighthouse) throw new Error(`${RESULTS} is not from a full run`);
  writeDocs(saved.federated, saved.control, saved.when, saved.load, saved.calibration);
  console.log(`written from the run of ${saved.when}: docs/performance.md (figures), docs/performance-chart.svg`);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`Pages: federated vs single-bundle control${quick ? ' (quick: no Lighthouse)' : ` (Lighthouse: ${RUNS} runs per page, a few minutes)`}`);
  const loadAtStart = loadavg()[0];
  buildControl();
  const lh = quick ? null : { dir: lighthouseDir(), calibration: null };
  const fed = await measureSite(repo, 'federated', lh);
  const ctl = await measureSite(CONTROL_DIR, 'control', lh);
  const rows = tableRows(fed, ctl);
  console.log(`\n${'page'.padEnd(10)} ${'figure'.padEnd(30)} ${'federated'.padStart(10)} ${'control'.padStart(10)} ${'ratio'.padStart(7)}`);
  for (const r of rows) console.log(`${r[0].padEnd(10)} ${r[1].padEnd(30)} ${r[2].padStart(10)} ${r[3].padStart(10)} ${r[4].padStart(7)}`);
  if (!quick) {
    console.log(`\nThe pages' speed targets (score, LCP <= ${TARGET_LCP_MS / 1000} s, TBT <= ${TARGET_TBT_MS} ms; ${calibrationNote(lh.calibration)}):`);
    for (const { path } of PAGES) {
      const { score, lcp, tbt } = fed[path].lighthouse;
      const met = score >= TARGETS[path] && lcp <= TARGET_LCP_MS && tbt <= TARGET_TBT_MS;
      console.log(`  ${path.padEnd(10)} score ${score} (>= ${TARGETS[path]}), LCP ${sec(lcp)}, TBT ${tbt.toFixed(0)} ms: ${met ? 'met' : 'NOT met'}`);
    }
  }
  // check:budget counts first-load JS from the files alone: it must agree with what Chromium fetched.
  const counted = await budgetMeasure(repo, ['/login', '/my', '/home', '/100002']);
  console.log('');
  for (const [path, { bytes, idle }] of Object.entries(counted.pages)) {
    // Chromium waits for the network to be quiet, so it also sees the libraries loaded when idle.
    const total = bytes + (idle?.bytes ?? 0);
    const seen = fed[path].jsBytes;
    const off = Math.abs(total - seen) / seen;
    console.log(
      `check:budget counts ${path}: ${kb(bytes)} first load + ${kb(idle?.bytes ?? 0)} when idle = ${kb(total)} (Chromium fetched ${kb(seen)})${off > 0.03 ? '  <- differs by more than 3%: check-budget.mjs no longer models the page' : ''}`,
    );
  }
  mkdirSync(join(repo, '.bench'), { recursive: true });
  const finished = when();
  const load = [loadAtStart, loadavg()[0]];
  // A quick run keeps the last full run's figures for --docs-only.
  writeFileSync(
    quick ? RESULTS.replace('.json', '-quick.json') : RESULTS,
    JSON.stringify({ when: finished, load, calibration: lh?.calibration, federated: fed, control: ctl }, null, 2),
  );
  if (!quick) {
    writeDocs(fed, ctl, finished, load, lh.calibration);
    console.log('\nwritten: docs/performance.md (figures), docs/performance-chart.svg');
  }
}
