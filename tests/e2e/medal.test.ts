/**
 * 勋章 in the assembled site: a fresh user posts their first yy on /my; then their side panel shows
 * 新手勋章 in colour and 勋章(1), /system/notify says 你获得了新勋章：新手勋章 with a link to
 * /my/medal, and the medal page lists each medal, 新手勋章 earned, the rest 未获得. Another user
 * sees the same on /{id}/medal. A fresh account plays the part, so the demo users keep their medals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, freshUser } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser } from '../src/browser';
import { expectToast } from '../src/site';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The side panel's medal pictures' names, in order. */
const panelMedals = (page: Page) => page.getByRole('complementary', { name: '个人资料' }).getByRole('list', { name: '勋章' }).getByRole('img');

describe('medals', () => {
  it('a first yy earns 新手勋章: the side panel, the notice and the medal page show it', async () => {
    const { page, me } = await freshUser(browser, '勋章新人');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/my');
    const panel = page.getByRole('complementary', { name: '个人资料' });
    await panel.getByRole('link', { name: '勋章(0)' }).waitFor();
    expect(await panelMedals(page).first().getAttribute('aria-label')).toBe('新手勋章（未获得）');

    await page.getByLabel('说点什么吧').fill('我的第一条yy');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expectToast(page, '发布成功');

    // A new page shows the user as the server has them now.
    await page.reload();
    await panel.getByRole('link', { name: '勋章(1)' }).waitFor();
    expect(await panelMedals(page).evaluateAll((imgs) => imgs.map((i) => i.getAttribute('aria-label')))).toEqual([
      '新手勋章',
      '才艺勋章（未获得）',
      '人气勋章（未获得）',
      '友谊勋章（未获得）',
      '元老勋章（未获得）',
    ]);
    // In colour: no grey filter on the earned one, grey on the rest.
    const filters = await panelMedals(page).evaluateAll((imgs) => imgs.map((i) => getComputedStyle(i).filter));
    expect(filters[0]).toBe('none');
    expect(filters[1]).toContain('grayscale');

    // The notice, with its link to the medal page.
    await page.goto('/system/notify');
    const notice = page.getByRole('list', { name: '给你的通知' }).getByRole('listitem').filter({ hasText: '你获得了新勋章：新手勋章' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('新勋章');
    await notice.getByRole('link', { name: '看看我的勋章' }).click();

    // The medal page: each medal, when it was earned, or 未获得.
    await page.waitForURL('**/my/medal');
    const list = page.getByRole('list', { name: '我的勋章' });
    await list.waitFor();
    expect(await page.title()).toBe('我的勋章 - 校巴');
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(5);
    expect(await items.nth(0).innerText()).toMatch(/新手勋章[\s\S]*发表第一条yy。[\s\S]*获得于/);
    expect(await items.nth(2).innerText()).toContain('未获得');
    expect(await axeViolations(page)).toEqual([]);

    // Another user sees the same medals on /{id}/medal, server-rendered with its first screen.
    const other = await freshUser(browser, '勋章访客');
    other.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // The context's page-session cookie: the server renders the page with its list.
    const html = await (await other.page.request.get(`/${me.uid}/medal`)).text();
    expect(html).toContain('勋章新人的勋章');
    expect(html).toContain('获得于');
    await other.page.goto(`/${me.uid}/medal`);
    await other.page.getByRole('list', { name: '勋章新人的勋章' }).waitFor();
    const listed = await apiCall<{ id: string; earned: boolean }[]>(other.page, other.me.token, 'GET', `/api/medal/list/${me.uid}`);
    expect(listed.filter((m) => m.earned).map((m) => m.id)).toEqual(['newbie']);
    expect(errors).toEqual([]);
  });
});
