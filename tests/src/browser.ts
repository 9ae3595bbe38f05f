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

/**
 * Waits until the page is live: the shell's frame (#root) and the page's area (#xb-area, a root of
 * its own) hydrated or rendered, each marked data-xb-live (docs/adr/0018).
 */
export async function pageLive(page: Page): Promise<void> {
  await page
    .waitForFunction(() => ['root', 'xb-area'].every((id) => !document.getElementById(id) || document.getElementById(id)!.hasAttribute('data-xb-live')), null, {
      timeout: 20_000,
    })
    .catch(() => undefined); // a test that left the page meanwhile, or a page with scripts off
}

export async function openSite(browser: Browser, baseURL: string): Promise<SitePage> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  // A page arrives painted by the server and is hydrated a moment later (docs/adr/0018): what a
  // test does after a navigation is done on the live page; a user's taps before it are held and
  // replayed (tests/e2e/first-tap.test.ts, server-render.test.ts).
  for (const method of ['goto', 'reload', 'goBack'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      // A test that asks for the page before its scripts (waitUntil: domcontentloaded or commit) gets it then.
      const until = (args.find((a) => typeof a === 'object' && a !== null) as { waitUntil?: string } | undefined)?.waitUntil;
      if (until !== 'domcontentloaded' && until !== 'commit') await pageLive(page);
      return response;
    };
  }
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}
