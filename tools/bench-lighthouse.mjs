#!/usr/bin/env node
/**
 * One Lighthouse run for tools/bench-pages.mjs, through Lighthouse's Node API so a signed-in page
 * can be measured: the shell needs real browser cookies (the xb_session hint it reads from
 * document.cookie, the HttpOnly xb_refresh it restores the session with), which a CLI
 * `--extra-headers` Cookie cannot give. Lighthouse's default settings (mobile preset, simulated
 * slow 4G, performance category only); its storage reset clears the cache but keeps cookies. A
 * `cpuSlowdownMultiplier` replaces the preset's 4 (bench-pages.mjs scales it by the host's speed).
 *
 *   LH_DIR=<folder of the lighthouse package> node tools/bench-lighthouse.mjs '<json>'
 *   json: { "url": "...", "out": "/path/report.json", "cookies": [{ "name": "...", "value": "..." }],
 *           "cpuSlowdownMultiplier": 3.9 }
 * LH_DIR comes from `npx -y -p lighthouse@<version>` (see bench-pages.mjs), so the project keeps
 * no Lighthouse dependency; puppeteer-core is Lighthouse's own.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const { url, out, cookies = [], cpuSlowdownMultiplier } = JSON.parse(process.argv[2] ?? '{}');
const lhDir = process.env.LH_DIR;
if (!url || !out || !lhDir) throw new Error('usage: LH_DIR=... node tools/bench-lighthouse.mjs \'{"url":...,"out":...}\'');

const lighthouse = (await import(pathToFileURL(join(lhDir, 'core', 'index.js')).href)).default;
const puppeteerPath = createRequire(join(lhDir, 'package.json')).resolve('puppeteer-core');
const puppeteer = (await import(pathToFileURL(puppeteerPath).href)).default;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  headless: true,
  defaultViewport: null,
  args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
});
try {
  const page = await browser.newPage();
  if (cookies.length) await browser.setCookie(...cookies.map((c) => ({ name: c.name, value: c.value, domain: new URL(url).hostname, path: '/' })));
  const flags = { output: 'json', onlyCategories: ['performance'], logLevel: 'error' };
  // Merged into the preset's simulated throttling: only the CPU's slowdown changes.
  if (cpuSlowdownMultiplier) flags.throttling = { cpuSlowdownMultiplier };
  const result = await lighthouse(url, flags, undefined, page);
  if (!result) throw new Error('lighthouse returned nothing');
  writeFileSync(out, JSON.stringify(result.lhr));
} finally {
  await browser.close();
}
