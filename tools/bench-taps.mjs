#!/usr/bin/env node
/**
 * `node tools/bench-taps.mjs [--runs N] [--only /my,/home]` (also run by `npm run bench`): what a
 * person on a phone feels of a page's first seconds, on this build and on the SWAP BUILD (the last
 * commit before pages were hydrated, tools/swap-build.mjs), each served by a server and database
 * of its own, side by side with their ratio. For /login, /register, /my, /100002 (another user's
 * space), /home, /search and /setting/profile, and a space's 日志, 相册 and 勋章 pages (newer than
 * the swap build: measured on this build alone; signed in as demo user 100001 where needed), in
 * Chromium on the phone profile (tests/src/phone-profile.mjs: CPU 4x slower, 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, empty cache), the median of 3 first visits:
 *   - first paint (first contentful paint);
 *   - a tap made at first paint on the page's main control: when (from navigation start) its effect
 *     shows, or "never" when it was lost;
 *   - the INP of that tap, and of a second tap once the page is live (Event Timing, 16 ms floor);
 *   - the main thread's busy time after the paint (CDP TaskDuration), until the page is live and
 *     its network quiet;
 *   - when the page was live: every part hydrated (data-xb-live), or for the swap build the
 *     server's copy swapped out.
 * Then whether this build meets the targets (effect within 3.0 s, INP once live within 200 ms).
 * The figures of the run go to .bench/taps.json.
 * Prints this host's Lighthouse benchmarkIndex with the figures (a throwaway Lighthouse run,
 * tools/bench-pages.mjs), so figures from two hosts can be told apart; `--quick` skips it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, freePort, repo, startSite, tempDataDir } from '../tests/src/site-server.mjs';
import { effectAt, gotoFirstPaint, liveAt, mainThreadSeconds, paintedAt, phoneContext, phonePage, tap, tapInteraction } from '../tests/src/phone-profile.mjs';
import { calibrateLighthouse, calibrationNote, lighthouseDir, sessionCookies } from './bench-pages.mjs';
import { SWAP_COMMIT, swapBuild } from './swap-build.mjs';

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 3);
/** How long a page may take to become live before the visit counts as failed. */
const LIVE_TIMEOUT_MS = 45_000;
/** A replayed tap shows its effect as its part goes live: this long after, it was lost. */
const EFFECT_GRACE_MS = 3000;
/** The targets: a tap at first paint takes effect this soon after navigation, a tap once live answers this soon. */
const TARGET_EFFECT_MS = 3000;
const TARGET_INP_MS = 200;

/**
 * The pages, each with the control tapped at first paint (`tap`: a CSS selector and the text the
 * element holds), the sign that it took effect (`effect`), and the control tapped again once the
 * page is live (`again`, after Escape has closed whatever the first opened).
 */
const PAGES = [
  {
    path: '/login',
    tap: { css: 'button', text: '忘记密码？' },
    effect: { selector: '[data-testid="forgot-notice"]', text: '密码无法自助找回' },
    again: { css: 'button', text: '忘记密码？' },
  },
  {
    path: '/register',
    tap: { css: 'button', text: '注册帮助' },
    effect: { selector: 'dialog[open]', text: '注册帮助' },
    again: { css: 'button', text: '注册帮助' },
  },
  {
    path: '/my',
    signedIn: true,
    tap: { css: 'article button[aria-controls$="comments"]' },
    effect: { selector: 'article button[aria-controls$="comments"][aria-expanded="true"]' },
    again: { css: 'article button[aria-controls$="comments"]' },
  },
  {
    path: '/100002',
    signedIn: true,
    tap: { css: 'article button[aria-haspopup="menu"]' },
    effect: { selector: '[role="menu"]' },
    again: { css: 'article button[aria-haspopup="menu"]' },
  },
  {
    path: '/home',
    signedIn: true,
    tap: { css: '[role="tab"]', text: '关注的yy' },
    effect: { selector: '[role="tab"][aria-selected="true"]', text: '关注的yy' },
    again: { css: '[role="tab"]', text: '大家的yy' },
  },
  {
    path: '/search?q=巴巴',
    signedIn: true,
    tap: { css: '[role="tab"]', text: 'yy' },
    effect: { selector: '[role="tab"][aria-selected="true"]', text: 'yy' },
    again: { css: '[role="tab"]', text: '用户' },
  },
  {
    path: '/setting/profile',
    signedIn: true,
    tap: { css: 'button[type="submit"]', text: '保存资料' },
    effect: { selector: '[role="status"]', text: '资料已更新' },
    again: { css: 'button[type="submit"]', text: '保存资料' },
  },
  // A space's sections, newer than the swap build (`new`): measured on this build alone.
  {
    // Another user's list (the own uid's would be sent on to /my/diary): an entry opens.
    path: '/100002/diary',
    signedIn: true,
    new: true,
    tap: { css: 'h3 a', text: '我的生日会' },
    effect: { selector: 'h2', text: '我的生日会' },
    again: { css: 'article button[aria-haspopup="menu"]' },
  },
  {
    path: '/100001/diary/1',
    signedIn: true,
    new: true,
    tap: { css: '[aria-label="评论列表"] button[aria-haspopup="menu"]' },
    effect: { selector: '[role="menu"]' },
    again: { css: '[aria-label="评论列表"] button[aria-haspopup="menu"]' },
  },
  {
    path: '/my/diary',
    signedIn: true,
    new: true,
    tap: { css: 'a', text: '写日志' },
    effect: { selector: 'label', text: '标题' },
    again: { css: 'button', text: '表情' },
  },
  {
    path: '/100001/photo/1',
    signedIn: true,
    new: true,
    tap: { css: 'ul[aria-label$="的照片"] button:has(img)' },
    effect: { selector: 'dialog[open] h2', text: '图片 1/' },
    again: { css: 'ul[aria-label$="的照片"] button:has(img)' },
  },
  {
    path: '/my/photo',
    signedIn: true,
    new: true,
    tap: { css: 'button', text: '创建相册' },
    effect: { selector: 'dialog[open] h2', text: '创建相册' },
    again: { css: 'button', text: '创建相册' },
  },
  {
    path: '/100001/medal',
    signedIn: true,
    new: true,
    tap: { css: 'button[aria-expanded]', text: '更多资料' },
    effect: { selector: 'button[aria-expanded="true"]', text: '更多资料' },
    again: { css: 'button[aria-expanded]', text: '更多资料' },
  },
].filter((p) => !option('--only') || option('--only').split(',').includes(p.path.split('?')[0]));

/** Resolves once no request but the live-update stream has been in flight for `quietMs` (at most `capMs`). */
function networkQuiet(page, quietMs = 1000, capMs = 20_000) {
  let inFlight = 0;
  let since = Date.now();
  const counts = (request) => request.resourceType() !== 'eventsource' && !request.url().includes('/api/live/');
  const start = (request) => counts(request) && (inFlight++, (since = Date.now()));
  const end = (request) => counts(request) && (inFlight--, (since = Date.now()));
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return async () => {
    const deadline = Date.now() + capMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - since < quietMs)) await page.waitForTimeout(100);
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  };
}

/** One first visit of `spec` on `site` by the phone; `rule` says how this build shows it is live. */
async function visit(browser, site, spec, rule) {
  const context = await phoneContext(browser, site.url, spec.effect);
  try {
    if (spec.signedIn) await context.addCookies((await sessionCookies(site.url)).map((c) => ({ ...c, url: site.url })));
    const { page, cdp } = await phonePage(context);
    const quiet = networkQuiet(page);
    await gotoFirstPaint(page, cdp, spec.path);
    const busyAtPaint = await mainThreadSeconds(cdp);
    const first = await tap(page, spec.tap);
    const live = await liveAt(page, rule, LIVE_TIMEOUT_MS);
    if (live === null) throw new Error(`${site.url}${spec.path} was not live within ${LIVE_TIMEOUT_MS / 1000} s`);
    const effect = await effectAt(page, EFFECT_GRACE_MS);
    await quiet();
    const busy = ((await mainThreadSeconds(cdp)) - busyAtPaint) * 1000;
    const firstInp = await tapInteraction(page, first);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
    const again = await tap(page, spec.again);
    const againInp = await tapInteraction(page, again);
    return { fcp: await paintedAt(page), tapAt: first.at, effect, live, busy, firstInp, againInp };
  } finally {
    await context.close();
  }
}

/** Median of numbers where null (never, or under Event Timing's floor) sorts as `nullAs`. */
function median(values, nullAs) {
  const sorted = values.map((v) => (v === null ? nullAs : v)).sort((a, b) => a - b);
  const m = sorted[(sorted.length - 1) >> 1];
  return m === nullAs ? null : m;
}

/** Every page RUNS times on one build, on a server and database of its own. */
async function measureBuild(label, root, rule, pages) {
  const dataDir = tempDataDir(`xiaoba-bench-taps-${label}-`);
  const site = await startSite({ DATA_DIR: dataDir, PG_PORT: String(await freePort()), RATE_LIMIT_ANON: '0', RATE_LIMIT_USER: '0' }, root);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const result = {};
  try {
    // A server's first renders start its render processes and may time out into a page rendered in
    // the browser: each page is asked for twice before it is measured.
    for (const spec of pages) {
      for (let i = 0; i < 2; i++) {
        const cookie = spec.signedIn ? (await sessionCookies(site.url)).map((c) => `${c.name}=${c.value}`).join('; ') : '';
        await (await fetch(`${site.url}${spec.path}`, { headers: { accept: 'text/html', cookie } })).text();
      }
    }
    for (const spec of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, site, spec, rule));
      result[spec.path] = {
        fcp: median(runs.map((r) => r.fcp)),
        tapAt: median(runs.map((r) => r.tapAt)),
        effect: median(
          runs.map((r) => r.effect),
          Infinity,
        ),
        live: median(runs.map((r) => r.live)),
        busy: median(runs.map((r) => r.busy)),
        firstInp: median(
          runs.map((r) => r.firstInp),
          0,
        ),
        againInp: median(
          runs.map((r) => r.againInp),
          0,
        ),
      };
      const r = result[spec.path];
      console.log(
        `  ${label} ${spec.path}: paint ${ms(r.fcp)}, tapped at ${ms(r.tapAt)}, effect ${r.effect === null ? 'never' : ms(r.effect)}, live ${ms(r.live)}`,
      );
    }
  } finally {
    await browser.close();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

const ms = (v) => (v === null ? '-' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const inp = (v) => (v === null ? '< 16 ms' : `${Math.round(v)} ms`);
const ratio = (a, b) => (a === null || b === null || !b ? '-' : `${(a / b).toFixed(2)}x`);

console.log(`Taps at first paint on the phone profile: this build vs the swap build (${SWAP_COMMIT.slice(0, 7)}), median of ${RUNS}`);
const loadAtStart = loadavg()[0];
// Pages the swap build has too: none when only newer pages are asked for, and then it is not built.
const OLD_PAGES = PAGES.filter((p) => !p.new);
const swapRoot = OLD_PAGES.length ? swapBuild() : null;
const lhCalibration = await (async () => {
  if (argv.includes('--quick')) return null;
  // The host's speed as Lighthouse rates it, on a site of its own (a throwaway run).
  const dataDir = tempDataDir('xiaoba-bench-taps-lh-');
  const site = await startSite({ DATA_DIR: dataDir, PG_PORT: String(await freePort()) });
  try {
    return await calibrateLighthouse(lighthouseDir(), `${site.url}/login`, dataDir);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
})();
const hostNote = lhCalibration ? `Lighthouse on this host: ${calibrationNote(lhCalibration)}` : 'Lighthouse not run (--quick): no benchmarkIndex';
console.log(hostNote);
const now = await measureBuild('hydrated', repo, 'hydrate', PAGES);
const swap = swapRoot ? await measureBuild('swap', swapRoot, 'swap', OLD_PAGES) : {};

const rows = [];
const never = (v) => (v === null ? 'never' : ms(v));
const FIGURES = [
  ['first paint', 'fcp', ms],
  ['tap at first paint sent at', 'tapAt', ms],
  ['tap at first paint takes effect', 'effect', never],
  ['INP of that tap', 'firstInp', inp],
  ['INP of a tap once live', 'againInp', inp],
  ['main thread busy after paint', 'busy', ms],
  ['page live', 'live', ms],
];
for (const { path } of PAGES) {
  const a = now[path];
  // A page the swap build does not have: "-" in its column.
  const b = swap[path];
  for (const [figure, key, shown] of FIGURES) rows.push([path, figure, shown(a[key]), b ? shown(b[key]) : '-', b ? ratio(a[key], b[key]) : '-']);
}
const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${'page'.padEnd(width)} ${'figure'.padEnd(32)} ${'this build'.padStart(10)} ${'swap build'.padStart(10)} ${'ratio'.padStart(7)}`);
for (const r of rows) console.log(`${r[0].padEnd(width)} ${r[1].padEnd(32)} ${r[2].padStart(10)} ${r[3].padStart(10)} ${r[4].padStart(7)}`);
console.log(`\nThe targets (a tap at first paint takes effect within ${TARGET_EFFECT_MS / 1000} s, INP once live <= ${TARGET_INP_MS} ms):`);
for (const { path } of PAGES) {
  const { effect, againInp } = now[path];
  const met = effect !== null && effect <= TARGET_EFFECT_MS && (againInp ?? 0) <= TARGET_INP_MS;
  console.log(`  ${path.padEnd(width)} effect ${effect === null ? 'never' : ms(effect)}, INP ${inp(againInp)}: ${met ? 'met' : 'NOT met'}`);
}
const load = [loadAtStart, loadavg()[0]];
console.log(`\n${hostNote}; load average ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end.`);
mkdirSync(join(repo, '.bench'), { recursive: true });
writeFileSync(
  join(repo, '.bench', 'taps.json'),
  JSON.stringify({ when: new Date().toISOString(), runs: RUNS, load, lighthouse: lhCalibration, swapCommit: SWAP_COMMIT, hydrated: now, swap }, null, 2),
);
