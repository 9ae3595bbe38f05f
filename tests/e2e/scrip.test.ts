/**
 * 小纸条 in the assembled site. Two friends, the demo users 巴巴 (100001) and 萌萌猫 (100002), who
 * follow each other, exchange notes live: a note reaches the other's open /system/scrip and the
 * header's count without a reload, the reply reaches the open conversation. Older notes load above
 * without moving the view; the pages pass axe in every skin. A stranger gets no 写纸条 on a child's
 * space (小雨, 100004, no birthday: a minor) and the API refuses them; deleting hides for oneself
 * only; a report reaches the moderators' queue, where a moderator reads the note in its conversation
 * (查看对话, a logged reading) and removes it. In the `alone` group: it changes what the demo
 * users see site-wide (the header's count, their conversations), and hides its conversation for
 * both at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REPORT_MSG, REPORT_REASONS, SCRIP_MSG, SKINS, type ScripThreadPage } from '@xiaoba/shared/core';
import { apiCall, freshUser, sql } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser, type SitePage } from '../src/browser';
import { expectToast, open, signInByApi } from '../src/site';

let browser: Browser;
const stamp = `scrip${Date.now().toString(36)}`;
/** Well under the header's 60 s poll: only the live stream can make it. */
const LIVE = { timeout: 5_000 };
const BABA = 100001;
const MENG = 100002;
const XIAOYU = 100004;

type Friend = SitePage & { token: string; consoleErrors: string[] };
let baba: Friend;
let meng: Friend;

async function signedIn(uid: number): Promise<Friend> {
  const site = await open(browser);
  site.page.setDefaultTimeout(10_000);
  const consoleErrors: string[] = [];
  site.page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  const { token } = await signInByApi(site.page, String(uid));
  return { ...site, token, consoleErrors };
}

const send = (from: Friend, toUid: number, content: string) => apiCall(from.page, from.token, 'POST', '/api/scrip/send', { toUid, content });
const thread = (who: Friend, uid: number) => apiCall<ScripThreadPage>(who.page, who.token, 'GET', `/api/scrip/thread/${uid}?pageNum=1&pageSize=50`);

/**
 * Opens `path` and waits until the tab's live stream is connected: its `hello` makes the page
 * re-read what it shows, so a read of `reread` after the stream's answer says so.
 */
async function withStream(page: Page, path: string, reread: RegExp) {
  let streamed = false;
  let reads = 0;
  page.on('response', (r) => {
    const url = new URL(r.url()).pathname;
    if (url === '/api/live/stream' && r.status() === 200) streamed = true;
    else if (streamed && reread.test(url)) reads += 1;
  });
  await page.goto(path);
  await expect.poll(() => reads, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.evaluate(() => void ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** The note the 举报 test reports, which the moderator's test then reads and removes. */
let reported: { scripId: number; words: string } | undefined;

const conversation = (page: Page, name: string) => page.getByRole('region', { name: `和${name}的小纸条` });
const header = (page: Page) => page.locator('header').first();

beforeAll(async () => {
  browser = await launchBrowser();
  baba = await signedIn(BABA);
  meng = await signedIn(MENG);
});
afterAll(async () => {
  // Both hide the conversation, so the demo users' pages are as they were.
  for (const [who, other] of [
    [baba, MENG],
    [meng, BABA],
  ] as const) {
    await who?.page.request.delete(`/api/scrip/thread?uid=${other}`, { headers: { authorization: `Bearer ${who.token}` } });
  }
  await browser?.close();
});

describe('小纸条', () => {
  it('two friends exchange notes live: 写纸条, the other’s open list and header count without a reload, the reply into the open conversation', async () => {
    // 萌萌猫 has her 小纸条 page open.
    await withStream(meng.page, '/system/scrip', /^\/api\/scrip\/threads$/);

    // 巴巴 writes from 萌萌猫's space.
    await baba.page.goto(`/${MENG}`);
    await baba.page.getByRole('link', { name: '写纸条' }).click();
    await baba.page.waitForURL(`**/system/scrip/${MENG}`);
    const words = `周末一起去放风筝吧 ${stamp}`;
    await baba.page.getByRole('textbox', { name: '写给萌萌猫的小纸条' }).fill(words);
    await baba.page.getByRole('button', { name: '发送', exact: true }).click();
    await conversation(baba.page, '萌萌猫').getByRole('listitem').filter({ hasText: words }).waitFor();
    expect(await baba.page.getByRole('textbox', { name: '写给萌萌猫的小纸条' }).inputValue()).toBe('');

    // It reaches 萌萌猫's open list and her header, without a reload.
    const row = meng.page.getByRole('list', { name: '我的小纸条' }).getByRole('listitem').filter({ hasText: words });
    await row.waitFor(LIVE);
    expect(await row.innerText()).toContain('巴巴');
    expect(await row.innerText()).toContain('1条未读');
    await header(meng.page).getByRole('link', { name: '小纸条，1张未读' }).waitFor(LIVE);
    expect(await sameDocument(meng.page)).toBe(true);

    // She opens it: read, the count goes; 巴巴 keeps the conversation open with its stream.
    await withStream(baba.page, `/system/scrip/${MENG}`, new RegExp(`^/api/scrip/thread/${MENG}$`));
    await row.getByRole('link').click();
    await conversation(meng.page, '巴巴').getByRole('listitem').filter({ hasText: words }).waitFor();
    await header(meng.page).getByRole('link', { name: '小纸条', exact: true }).waitFor();

    // Her reply shows in his open conversation, without a reload, and is said to screen readers.
    const reply = `好呀[b1] ${stamp}`;
    await meng.page.getByRole('textbox', { name: '写给巴巴的小纸条' }).fill(reply);
    await meng.page.keyboard.press('Control+Enter');
    const replied = conversation(baba.page, '萌萌猫')
      .getByRole('listitem')
      .filter({ hasText: `好呀 ${stamp}` });
    await replied.waitFor(LIVE);
    expect(await replied.getByRole('img', { name: '微笑' }).count()).toBe(1);
    await baba.page.getByRole('status').filter({ hasText: '萌萌猫写来一张新的小纸条' }).waitFor();
    expect(await sameDocument(baba.page)).toBe(true);
    // Read while open: no count for him.
    await header(baba.page).getByRole('link', { name: '小纸条', exact: true }).waitFor();

    expect([...baba.errors, ...meng.errors]).toEqual([]);
    expect([...baba.consoleErrors, ...meng.consoleErrors].filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  }, 120_000);

  it('older notes load above the newer ones without moving the view', async () => {
    for (let i = 1; i <= 12; i += 1) {
      await send(baba, MENG, `旧纸条${i}号 ${stamp}`);
      await send(meng, BABA, `回${i}号 ${stamp}`);
    }
    await baba.page.goto(`/system/scrip/${MENG}`);
    const box = conversation(baba.page, '萌萌猫');
    const notes = box.getByRole('listitem');
    await notes.first().waitFor();
    expect(await notes.count()).toBe(20);
    // Opened at the newest note.
    expect(await box.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(40);
    // Scrolled to the top: the older page loads above; the note that was at the top stays put.
    const before = await box.evaluate((el) => {
      el.scrollTop = 0;
      const top = el.querySelector('li')!;
      return { text: top.textContent, y: top.getBoundingClientRect().top };
    });
    await expect.poll(() => notes.count()).toBeGreaterThan(20);
    const after = await box.evaluate(
      (el, text) => [...el.querySelectorAll('li')].find((li) => li.textContent === text)!.getBoundingClientRect().top,
      before.text,
    );
    expect(Math.abs(after - before.y), `${before.text}: ${before.y} -> ${after}`).toBeLessThan(3);
    const all = await notes.allInnerTexts();
    expect(all.findIndex((t) => t.includes(`旧纸条1号 ${stamp}`))).toBeLessThan(all.findIndex((t) => t.includes(`回12号 ${stamp}`)));
  }, 90_000);

  it('the list and a conversation pass axe in every skin', async () => {
    const page = meng.page;
    const found: string[] = [];
    for (const [path, shown] of [
      ['/system/scrip', page.getByRole('list', { name: '我的小纸条' })],
      [`/system/scrip/${BABA}`, conversation(page, '巴巴').getByRole('listitem').first()],
    ] as const) {
      await page.goto(path);
      await shown.waitFor();
      for (const skin of SKINS) {
        await page.getByRole('button', { name: '装扮' }).click();
        await page.getByRole('radio', { name: skin.name }).check({ force: true });
        found.push(...(await axeViolations(page)).map((v) => `${skin.name} ${path}: ${v}`));
        await page.keyboard.press('Escape'); // the preview only: her skin stays
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('a stranger gets no 写纸条 on a child’s space, even after following her, and the API refuses them in the words of a closed inbox', async () => {
    const stranger = await freshUser(browser, '陌生大人');
    await stranger.page.goto(`/${XIAOYU}`);
    const side = stranger.page.getByRole('complementary', { name: '个人资料' });
    await side.getByRole('heading', { name: '小雨' }).waitFor();
    await side.getByRole('button', { name: '关注' }).waitFor();
    expect(await side.getByRole('link', { name: '写纸条' }).count()).toBe(0);
    expect(await apiCall(stranger.page, stranger.me.token, 'POST', '/api/scrip/send', { toUid: XIAOYU, content: `你好 ${stamp}` }, 403)).toBeUndefined();
    // Following her one way opens nothing: a child's notes need follows both ways.
    await side.getByRole('button', { name: '关注' }).click();
    await side.getByRole('button', { name: '关注', pressed: true }).waitFor();
    await stranger.page.reload();
    await side.getByRole('heading', { name: '小雨' }).waitFor();
    expect(await side.getByRole('link', { name: '写纸条' }).count()).toBe(0);
    const res = await stranger.page.request.post('/api/scrip/send', {
      headers: { authorization: `Bearer ${stranger.me.token}` },
      data: { toUid: XIAOYU, content: `在吗 ${stamp}` },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).msg).toBe(SCRIP_MSG.notAllowed);
    // And her conversation page for him has no reply box, saying no reason.
    await stranger.page.goto(`/system/scrip/${XIAOYU}`);
    await stranger.page.getByText('你现在不能给TA写小纸条。').waitFor();
    expect(await stranger.page.getByRole('textbox').count()).toBe(0);
    await stranger.context.close();
  }, 60_000);

  it('删除 hides a note, and 删除对话 the conversation, for the one who deletes only', async () => {
    const words = `只删我这边 ${stamp}`;
    const { scripId } = await send(baba, MENG, words).then((d) => d as { scripId: number });
    const page = baba.page;
    await page.goto(`/system/scrip/${MENG}`);
    const note = conversation(page, '萌萌猫').getByRole('listitem').filter({ hasText: words });
    await note.getByRole('button', { name: '删除' }).click();
    const dialog = page.getByRole('dialog', { name: '删除这张小纸条？' });
    await dialog.getByRole('button', { name: '删除', exact: true }).click();
    await expectToast(page, SCRIP_MSG.deleted);
    await expect.poll(() => note.count()).toBe(0);
    expect((await thread(baba, MENG)).records.some((n) => n.scripId === scripId)).toBe(false);
    expect((await thread(meng, BABA)).records.some((n) => n.scripId === scripId)).toBe(true);

    await page.getByRole('button', { name: '删除对话' }).click();
    await page.getByRole('dialog', { name: '删除和萌萌猫的全部小纸条？' }).getByRole('button', { name: '删除对话' }).click();
    await page.waitForURL('**/system/scrip');
    await expectToast(page, SCRIP_MSG.threadDeleted);
    expect((await thread(baba, MENG)).records).toEqual([]);
    expect((await thread(meng, BABA)).records.length).toBeGreaterThan(20);
  }, 60_000);

  it('举报: the reader reports a note with a reason of the rules, and it reaches the moderators’ queue', async () => {
    const words = `这是要被举报的纸条 ${stamp}`;
    const { scripId } = (await send(baba, MENG, words)) as { scripId: number };
    reported = { scripId, words };
    const page = meng.page;
    await page.goto(`/system/scrip/${BABA}`);
    const note = conversation(page, '巴巴').getByRole('listitem').filter({ hasText: words });
    await note.getByRole('button', { name: '举报' }).click();
    const dialog = page.getByRole('dialog', { name: '举报巴巴的小纸条' });
    await dialog.getByRole('radio', { name: REPORT_REASONS.bullying }).check();
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await expectToast(page, REPORT_MSG.reported);
    const { rows } = await sql(`SELECT target_uid, reason FROM reports WHERE reporter_uid = $1 AND target_kind = 'scrip' AND target_id = $2`, [MENG, scripId]);
    expect(rows).toEqual([{ target_uid: String(BABA), reason: 'bullying' }]);
    // One's own notes offer no 举报 (only the reader may report).
    expect(
      await conversation(page, '巴巴')
        .getByRole('listitem')
        .filter({ hasText: `好呀 ${stamp}` })
        .getByRole('button', { name: '举报' })
        .count(),
    ).toBe(0);
  }, 60_000);
  it('a moderator opens the reported note in its conversation in /admin (a logged reading), then removes it: gone for both, its writer told', async () => {
    expect(reported, 'the 举报 test reports the note first').toBeDefined();
    const { scripId, words } = reported!;
    // A fresh account made moderator (as `npm run moderator` does), signed in again: the role rides on the session.
    const mod = await freshUser(browser, '纸条管理');
    await sql(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.me.uid]);
    await signInByApi(mod.page, String(mod.me.uid), mod.me.password);
    const m = mod.page;
    const reads: string[] = [];
    m.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/mod/scrip/') && reads.push(new URL(r.url()).pathname));

    await m.goto('/admin');
    const card = m.getByRole('article', { name: '巴巴的小纸条（1条举报）' }).filter({ hasText: words });
    await card.waitFor();
    expect(await card.innerText()).toContain('写给萌萌猫的小纸条');
    // The queue reads no conversation by itself: every reading is on the record.
    expect(reads).toEqual([]);

    await card.getByRole('button', { name: '查看对话' }).click();
    const dialog = m.getByRole('dialog', { name: '小纸条对话' });
    const notes = dialog.getByRole('list', { name: /巴巴.*写给.*萌萌猫/ }).getByRole('listitem');
    await notes.first().waitFor();
    expect(reads).toEqual([`/api/mod/scrip/${scripId}`]);
    // The reported note is marked, with the notes before it in the conversation (the reply 好呀 among them).
    const marked = dialog.locator('li[aria-current="true"]');
    expect(await marked.innerText()).toContain(words);
    expect(await marked.innerText()).toContain('被举报');
    const texts = await notes.allInnerTexts();
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.length).toBeLessThanOrEqual(11);
    expect(texts.at(-1)).toContain(words);
    expect(await dialog.getByRole('button').count()).toBe(1); // read-only: 关闭 only
    expect(await axeViolations(m)).toEqual([]);
    await m.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the button that opened it.
    expect(await m.evaluate(() => document.activeElement?.textContent)).toBe('查看对话');

    // Then 删除内容 as for any content, with a reason the writer reads.
    const reason = `纸条里威胁同学 ${stamp}`;
    await card.getByRole('button', { name: '删除内容' }).click();
    const removal = m.getByRole('dialog', { name: '删除巴巴的小纸条' });
    await removal.getByLabel('原因（用户会看到）').fill(reason);
    await removal.getByRole('button', { name: '删除内容' }).click();
    await expectToast(m, '操作成功');
    await expect.poll(() => card.count()).toBe(0);

    // Hidden from both of them; 巴巴 is told why.
    expect((await thread(meng, BABA)).records.some((n) => n.scripId === scripId)).toBe(false);
    expect((await thread(baba, MENG)).records.some((n) => n.scripId === scripId)).toBe(false);
    await baba.page.goto('/system/notify');
    await baba.page.getByRole('list', { name: '给你的通知' }).getByRole('listitem').filter({ hasText: reason }).waitFor();

    // The audit log has the reading and the removal.
    await m.getByRole('navigation', { name: '管理分类' }).getByRole('link', { name: '操作记录' }).click();
    const rows = m.getByRole('row').filter({ hasText: '纸条管理' });
    await rows.filter({ hasText: reason }).waitFor();
    expect((await rows.filter({ hasText: '查看小纸条' }).getByRole('cell').allInnerTexts()).slice(1)).toEqual(['纸条管理', '查看小纸条', '巴巴的小纸条', '']);
    expect(mod.errors).toEqual([]);
    await mod.context.close();
  }, 90_000);
});
