import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { DEMO, expectToast, open } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const QUIZ = ['巴巴', '粉丝', '纸条', 'yy'];

/** The inline message of the form now on screen. */
const formAlert = (page: Page) => page.locator('form [role="alert"]').first();

async function submitAndRead(page: Page, button: string): Promise<string> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => formAlert(page).innerText()).not.toBe('');
  return (await formAlert(page).innerText()).trim();
}

async function agreeToRules(page: Page) {
  await page.getByRole('button', { name: '同意青少年行为守则' }).click();
  const dialog = page.getByRole('dialog', { name: '校巴守则' });
  await dialog.getByRole('button', { name: '我明白了，出发吧' }).click();
  await expectToast(page, '你真棒！');
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

async function answerQuiz(page: Page, answers = QUIZ) {
  await page.getByRole('button', { name: '注册验证' }).click();
  const dialog = page.getByRole('dialog', { name: '注册验证' });
  const inputs = dialog.getByRole('textbox');
  for (let i = 0; i < answers.length; i++) await inputs.nth(i).fill(answers[i]!);
  await dialog.getByRole('button', { name: '填好了' }).click();
}

describe('registration and login', () => {
  it('registers in two steps, then logs in and lands on /home with 上车咯！', async () => {
    const { page, context, errors } = await open(browser);
    const email = `newcomer${Date.now()}@xiaoba.fan`;
    await page.goto('/register');
    expect(await page.getByRole('list').first().innerText()).not.toBe(''); // update news from /showupdate.txt
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码', { exact: true }).fill('secret12');
    await page.getByLabel('确认密码').fill('secret12');
    await answerQuiz(page);
    await agreeToRules(page);
    await page.getByRole('button', { name: '下一步' }).click();

    await page.waitForURL('**/usercard');
    await page.getByLabel('昵称').fill('新同学');
    await page.getByLabel('年', { exact: true }).selectOption('2005');
    await page.getByLabel('月', { exact: true }).selectOption('6');
    await page.getByLabel('日', { exact: true }).selectOption('15');
    await page.getByRole('radio', { name: '女生' }).check();
    await agreeToRules(page);
    await page.getByRole('button', { name: '完成注册' }).click();
    await expectToast(page, '注册成功！你的米米号是');
    await page.waitForURL('**/login');

    // The new 米米号 is filled in; log in with it.
    const username = await page.getByLabel('米米号/邮箱').inputValue();
    expect(username).toMatch(/^\d{6,}$/);
    await page.getByLabel('密码').fill('secret12');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expectToast(page, '上车咯！');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: '欢迎回来，新同学！' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the login messages in the original site's order, then the server text", async () => {
    const { page, context } = await open(browser);
    await page.goto('/login');
    const name = page.getByLabel('米米号/邮箱');
    const password = page.getByLabel('密码');
    expect(await submitAndRead(page, '登录')).toBe('请输入米米号');
    await name.fill('   ');
    expect(await submitAndRead(page, '登录')).toBe('请输入米米号');
    await name.fill(DEMO.uid);
    expect(await submitAndRead(page, '登录')).toBe('请输入密码');
    await password.fill('12345');
    expect(await submitAndRead(page, '登录')).toBe('密码长度不能小于6位');
    await password.fill('12345678901234567');
    expect(await submitAndRead(page, '登录')).toBe('密码长度不能大于16位');
    await password.fill('wrong-pass');
    expect(await submitAndRead(page, '登录')).toBe('米米号或密码错误');
    await context.close();
  });

  it("shows the registration messages in the original site's order, then the server text", async () => {
    const { page, context } = await open(browser);
    await page.goto('/register');
    expect(await submitAndRead(page, '下一步')).toBe('请先同意校巴守则！');
    await agreeToRules(page);
    expect(await submitAndRead(page, '下一步')).toBe('请完整填写注册信息！');
    await page.getByLabel('邮箱').fill('not-an-address');
    await page.getByLabel('密码', { exact: true }).fill('123');
    await page.getByLabel('确认密码').fill('123');
    expect(await submitAndRead(page, '下一步')).toBe('邮箱格式有误！');
    await page.getByLabel('邮箱').fill(`order${Date.now()}@xiaoba.fan`);
    expect(await submitAndRead(page, '下一步')).toBe('密码应在6到16位之间！');
    await page.getByLabel('密码', { exact: true }).fill('secret12');
    expect(await submitAndRead(page, '下一步')).toBe('两次密码不一致！');
    await page.getByLabel('确认密码').fill('secret12');
    expect(await submitAndRead(page, '下一步')).toBe('请填写注册验证！');
    await answerQuiz(page, ['猜不到', '粉丝', '纸条', 'yy']);
    expect(await submitAndRead(page, '下一步')).toBe('注册验证答案有误！');
    await context.close();
  });

  it('the rules dialog refuses every close but its confirm button', async () => {
    const { page, context } = await open(browser);
    await page.goto('/register');
    const checkbox = page.getByRole('checkbox', { name: '已同意守则' });
    expect(await checkbox.isDisabled()).toBe(true);
    await page.getByRole('button', { name: '同意青少年行为守则' }).click();
    const dialog = page.getByRole('dialog', { name: '校巴守则' });
    await dialog.waitFor();

    await page.keyboard.press('Escape');
    await dialog.getByText('请先同意守则哦').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: '关闭' }).click();
    expect(await dialog.isVisible()).toBe(true);

    await page.mouse.click(5, 5); // the backdrop
    expect(await dialog.isVisible()).toBe(true);
    expect(await checkbox.isChecked()).toBe(false);

    await dialog.getByRole('button', { name: '我明白了，出发吧' }).click();
    await expectToast(page, '你真棒！');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await checkbox.isChecked()).toBe(true);
    await context.close();
  });

  it('sends step two without a draft back to /register with 注册信息丢失，请重新进行注册！', async () => {
    const { page, context } = await open(browser);
    await page.goto('/usercard');
    await expectToast(page, '注册信息丢失，请重新进行注册！');
    await page.waitForURL('**/register');
    await context.close();
  });

  it('sends a user whose profile is not complete (sign ≠ 0) to /card', async () => {
    const { page, context } = await open(browser);
    await page.goto('/login');
    await page.getByLabel('米米号/邮箱').fill('demo4@xiaoba.fan');
    await page.getByLabel('密码').fill(DEMO.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/card');
    await context.close();
  });

  it('logs in with the keyboard alone', async () => {
    const { page, context } = await open(browser);
    await page.goto('/login');
    await page.getByLabel('米米号/邮箱').waitFor();
    // From the top of the page, Tab reaches the user name field first among the form's fields.
    await page.keyboard.press('Tab');
    for (let i = 0; i < 10 && !(await page.getByLabel('米米号/邮箱').evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(DEMO.uid);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    // Typed on the prerendered form, the submit is repeated once the app has started (CI once took past 5 s).
    await expectToast(page, '上车咯！', 15_000);
    await page.waitForURL('**/home');
    await context.close();
  });
});
