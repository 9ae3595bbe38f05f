import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@xiaoba/shared/testing';
import { FAQ } from './faq';
import HelpPage from './HelpPage';

const render = () => renderPage(<HelpPage />, { path: '/help' });

describe('HelpPage', () => {
  it('has one h1 and a titled section per topic', () => {
    render();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['帮助中心']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['登录与账号', '校巴里的玩法', '关于本站']);
    for (const section of FAQ) {
      expect(screen.getByRole('region', { name: section.title })).toBeTruthy();
    }
  });

  it('puts every question in a closed <details> whose <summary> is the question', () => {
    const { container } = render();
    const details = [...container.querySelectorAll('details')];
    const questions = FAQ.flatMap((s) => s.items.map((i) => i.question));
    expect(details).toHaveLength(questions.length);
    expect(details.map((d) => d.querySelector('summary')?.textContent)).toEqual(questions);
    expect(details.every((d) => !d.open)).toBe(true);
  });

  it('opens and closes an answer, and its summary takes focus', async () => {
    const user = userEvent.setup();
    const { container } = render();
    const summary = screen.getByText('忘记密码了怎么办？');
    const details = summary.closest('details')!;
    await user.click(summary);
    expect(details.open).toBe(true);
    await user.click(summary);
    expect(details.open).toBe(false);
    summary.focus();
    expect(document.activeElement).toBe(summary);
    // <summary> is the native disclosure control: browsers toggle it with Enter/Space (happy-dom
    // does not simulate that); nothing here may take it out of the tab order.
    expect(container.querySelectorAll('summary[tabindex="-1"]')).toHaveLength(0);
  });

  it.each([
    ['怎么登录校巴？', ['米米号', '邮箱']],
    ['我以前注册的账号还能用吗？', ['2015年12月26日之后注册的账号可以直接登录']],
    ['忘记密码了怎么办？', ['只能通过客服群找回', '没有自助重置密码']],
    ['yy 是什么？', ['评论', '转发']],
    ['留言板是什么？', ['留言', '回复']],
    ['装扮是什么？', ['默认主题', '雨的回忆', '预览']],
    ['要花钱吗？', ['不以盈利为目的', '不众筹']],
    ['页面里的美术素材是谁的？', ['版权归原网站所有']],
  ])('answers %s', (question, facts) => {
    render();
    const details = screen.getByText(question).closest('details')!;
    const answer = within(details as HTMLElement).getByText((_, el) => el?.tagName === 'DIV' && el.parentElement === details);
    for (const fact of facts) expect(answer.textContent).toContain(fact);
  });

  it('says it is a fan-made, non-profit site', () => {
    const { container } = render();
    expect(container.textContent).toContain('粉丝复刻版');
    expect(container.textContent).toContain('不以盈利为目的');
  });
});
