/** Real Chromium (Debian's package, or CHROMIUM_PATH) driven by playwright-core; never a download. */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './site-server.mjs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const found = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error("Chromium not found: install Debian's `chromium` package or set CHROMIUM_PATH.");
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
}

export interface SitePage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far: a test may assert there were none. */
  errors: string[];
}

export async function openSite(browser: Browser, baseURL: string): Promise<SitePage> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}
