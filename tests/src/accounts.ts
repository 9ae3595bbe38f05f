/**
 * Fresh accounts for tests that change a user's standing (blocks, freezes, bans), so the demo users
 * other test files rely on stay as they were; and direct SQL for what only an operator does
 * (granting the moderator role, which `npm run moderator` does on a real site).
 */
import { expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import type { SitePage } from './browser';
import { open, signInByApi } from './site';

export const QUIZ = { name: '巴巴', fans: '粉丝', message: '纸条', weibo: 'yy' };

export interface Account {
  uid: number;
  name: string;
  email: string;
  password: string;
}

let serial = 0;

/**
 * Registers a new account through the API as the registration pages do (the quiz, then step two)
 * and signs it in in `page`'s context. `name` is 2 to 6 characters.
 */
export async function registerAccount(page: Page, name: string): Promise<Account & { token: string }> {
  const email = `t${Date.now().toString(36)}${(serial++).toString(36)}@safety.test`;
  const password = 'secret12';
  const checked = await page.request.post('/api/user/valitedRegister', { data: { email, ...QUIZ } });
  expect(checked.status(), await checked.text()).toBe(200);
  // An adult: a minor's account starts private (hidden lists and visitors, not found by nickname),
  // which the tests of those features would have to open first.
  const added = await page.request.post('/api/user/addAccount', { data: { email, lockedPassword: password, uname: name, sex: 1, birthday: '2000-03-04' } });
  expect(added.status(), await added.text()).toBe(200);
  const { uid } = (await added.json()).data as { uid: number };
  const { token } = await signInByApi(page, String(uid), password);
  return { uid, name, email, password, token };
}

/** One statement on the test site's database (the one `npm start` would use). */
export async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: inject('databaseURL') });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Calls the API as `token`'s user; expects `status` (200 by default) and returns `data`. */
export async function apiCall<T = unknown>(page: Page, token: string, method: 'GET' | 'POST', url: string, data?: object, status = 200): Promise<T> {
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status);
  return (await res.json()).data as T;
}

/** A fresh account signed in, as the site shows it and with its own cookies. */
export type FreshUser = SitePage & { me: Account & { token: string } };

/**
 * A new browser context (its own cookies) signed in as a fresh account, on the main site or the
 * one with 3-second tokens. A step that cannot happen fails in 10 s, naming what it waited for,
 * within a test's 30.
 */
export async function freshUser(browser: Browser, name: string, which: 'main' | 'shortToken' = 'main'): Promise<FreshUser> {
  const site = await open(browser, which);
  site.page.setDefaultTimeout(10_000);
  return { ...site, me: await registerAccount(site.page, name) };
}
