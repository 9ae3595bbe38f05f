/**
 * A phone for the first-tap tests: a browser context of its own (cookies, no cache) on the phone
 * profile of src/phone-profile.mjs, where a page is opened to its first paint and tapped there,
 * before its scripts have made it live.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { registerAccount, sql, type Account } from './accounts';
import { signInByApi, siteURL } from './site';
import { gotoFirstPaint, liveAt, phoneContext, phonePage, tap, type Tapped } from './phone-profile.mjs';

export { PHONE } from './phone-profile.mjs';

/**
 * How long a tap made at first paint may take to show its effect here: generous, for a shared
 * machine. What a person should wait (3 s from navigation) is the bench's figure, not a test's.
 */
export const EFFECT_MS = 15_000;

export interface Phone {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Uncaught page errors, a failed hydration's among them (React reports those with reportError). */
  errors: string[];
  /** The fresh account it is signed in as, if any. */
  me?: Account & { token: string };
}

/** A phone signed out, signed in as a demo user, or signed in as a fresh account of that name. */
export async function openPhone(browser: Browser, who: 'signed out' | { uid: string } | { fresh: string }): Promise<Phone> {
  const context = await phoneContext(browser, siteURL());
  const { page, cdp } = await phonePage(context);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const phone: Phone = { context, page, cdp, errors };
  if (who !== 'signed out' && 'uid' in who) await signInByApi(page, who.uid);
  if (who !== 'signed out' && 'fresh' in who) phone.me = await registerAccount(page, who.fresh);
  return phone;
}

/**
 * Asks the server for these pages twice, signed in: its first renders start its render processes
 * and may time out into a page rendered in the browser, which would paint only once live.
 */
export async function warmUp(browser: Browser, paths: string[]): Promise<void> {
  const context = await browser.newContext({ baseURL: siteURL() });
  try {
    const page = await context.newPage();
    await signInByApi(page);
    for (const path of paths) for (let i = 0; i < 2; i++) await page.request.get(path, { headers: { accept: 'text/html' } });
  } finally {
    await context.close();
  }
}

/** A new account (its 米米号 and password), registered from a context of its own and signed in nowhere. */
export async function freshAccount(browser: Browser, name: string): Promise<Account> {
  const context = await browser.newContext({ baseURL: siteURL() });
  try {
    return await registerAccount(await context.newPage(), name);
  } finally {
    await context.close();
  }
}

/** Opens `path` and resolves at its first paint, not waiting for any script. */
export function atFirstPaint(phone: Phone, path: string): Promise<void> {
  return gotoFirstPaint(phone.page, phone.cdp, path);
}

/**
 * Taps `target` as soon as it is painted. `early`: it must be tapped before its part of the page
 * is live, or the test would not test what it says.
 */
export async function tapNow(phone: Phone, target: Locator, { early = true } = {}): Promise<Tapped> {
  const tapped = await tap(phone.page, target);
  if (early) expect(tapped.live, `${target.toString()} was tapped after its part of the page was live`).toBe(false);
  return tapped;
}

/** Taps a field and types `text` into it, as a person does before the page is live. */
export async function typeNow(phone: Phone, field: Locator, text: string, options?: { early?: boolean }): Promise<void> {
  await tapNow(phone, field, options);
  await phone.page.keyboard.type(text);
}

/** Resolves once every part of the page (the frame, the remote's area, each fragment) is live. */
export async function wholePageLive(phone: Phone): Promise<void> {
  expect(await liveAt(phone.page, 'hydrate', 30_000), 'every part of the page carries data-xb-live').not.toBeNull();
}

/** A counter of the requests `page` sends from now on with this method to an API path starting so. */
export function countRequests(page: Page, method: string, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.startsWith(path)) count++;
  });
  return () => count;
}

/** Waits until `check` holds, within EFFECT_MS of now. */
export async function within(check: () => Promise<boolean>, what: string): Promise<void> {
  await expect.poll(check, { message: what, timeout: EFFECT_MS, interval: 100 }).toBe(true);
}

/**
 * Gives `uid` `count` more yy than they have, written an hour and more ago (so they do not top
 * everyone's feed) with their counters, as the API would have kept them: the posting limit allows
 * only a few yy a user in ten minutes, and a pager needs more than a page of them.
 */
export async function seedYy(uid: number, count: number, words: string): Promise<void> {
  await sql(
    `INSERT INTO yy (uid, content, ctime)
     SELECT $1, $3 || ' ' || g, now() - interval '1 hour' - make_interval(mins => g)
     FROM generate_series(1, $2) g`,
    [uid, count, words],
  );
  await sql('UPDATE users SET yy_count = yy_count + $2 WHERE uid = $1', [uid, count]);
  await sql(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [count]);
}
