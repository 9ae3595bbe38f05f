import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { SKINS } from '../core/constants';
import { contrastRatio } from '../theme/contrast';
import { themeFor } from '../theme/skins';
import { renderThemed } from './test-theme';
import { HighlightText, RichText } from './RichText';

afterEach(cleanup);

function show(text: string) {
  const { container } = render(<RichText text={text} className="yy" />);
  return container.firstElementChild as HTMLElement;
}

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '"><img src=x onerror=alert(1)>',
  "'><script>alert(1)</script>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<style>*{display:none}</style>',
  '<!-- x --><b onmouseover=alert(1)>hi</b>',
  'javascript:alert(1)',
];

describe('RichText', () => {
  it.each(XSS)('shows %j as plain text', (text) => {
    const root = show(text);
    expect(root.querySelectorAll('*')).toHaveLength(0);
    expect(root.querySelector('script, a, svg, iframe, style, b, img')).toBeNull();
    expect(root.textContent).toBe(text);
    expect(root.innerHTML).not.toContain('<script');
  });

  it('shows a code next to markup as an emoji and the markup as text', () => {
    const root = show('[b1]<script>alert(1)</script>');
    const images = root.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('/assets/emoji/b1.svg');
    expect(images[0]!.hasAttribute('onerror')).toBe(false);
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).toBe('<script>alert(1)</script>');
  });

  it('keeps a code inside an attribute-looking text as text around a safe image', () => {
    const root = show('"><img src=[b2] onerror=alert(1)>');
    const images = root.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect([...images[0]!.attributes].map((a) => a.name).sort()).toEqual(['alt', 'decoding', 'height', 'loading', 'src', 'style', 'title', 'width']);
    expect(root.textContent).toBe('"><img src= onerror=alert(1)>');
  });

  it('draws an emoji as a 24px lazy image with its Chinese alt and title', () => {
    const img = show('[b1]').querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('微笑');
    expect(img.getAttribute('title')).toBe('微笑');
    expect(img.getAttribute('width')).toBe('24');
    expect(img.getAttribute('height')).toBe('24');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.style.verticalAlign).toBe('middle');
  });

  it.each([
    ['[b1]', true],
    ['[b54]', true],
    ['[b55]', false],
    ['[m54]', false],
    ['[m55]', true],
    ['[m92]', true],
    ['[m93]', false],
    ['[s93]', true],
    ['[s122]', true],
    ['[f122]', false],
    ['[f123]', true],
    ['[f143]', true],
    ['[k143]', false],
    ['[k144]', true],
    ['[k167]', true],
    ['[k168]', false],
    ['[b0]', false],
    ['[x12]', false],
    ['[b60]', false],
    ['[m60]', true],
  ])('%s is a picture: %s', (text, picture) => {
    const root = show(text);
    expect(root.querySelectorAll('img')).toHaveLength(picture ? 1 : 0);
    expect(root.textContent).toBe(picture ? '' : text);
  });

  it('turns line ends into <br> and keeps spaces as text', () => {
    const root = show('第一行\n第二行\r\n  第三行');
    expect(root.querySelectorAll('br')).toHaveLength(2);
    expect(root.textContent).toBe('第一行第二行  第三行');
    expect(root.className).toContain('yy');
  });
});

describe('RichText highlight (search results)', () => {
  function marked(text: string, highlight: string) {
    const { container } = renderThemed(<RichText text={text} highlight={highlight} />);
    const root = container.firstElementChild as HTMLElement;
    return { root, marks: [...root.querySelectorAll('mark')].map((m) => m.textContent) };
  }

  it('marks every case-insensitive match inside the text and keeps the rest', () => {
    const { root, marks } = marked('今天去爬山了，山顶的晚霞太美了。晚霞 Hello hello', '晚霞');
    expect(marks).toEqual(['晚霞', '晚霞']);
    expect(root.textContent).toBe('今天去爬山了，山顶的晚霞太美了。晚霞 Hello hello');
    expect(marked('Hello hELLo', 'hello').marks).toEqual(['Hello', 'hELLo']);
  });

  it('matches the words across any run of whitespace, as the server folds it', () => {
    expect(marked('see  the	sea', 'the sea').marks).toEqual(['the	sea']);
  });

  it.each(['<b>', '<script>alert(1)</script>', '.*', '(', '[b12]'])('keeps a query like %j as text', (query) => {
    const text = `a${query}b<b>c</b>`;
    const { root } = marked(text, query);
    expect(root.querySelector('b, script')).toBeNull();
    expect([...root.querySelectorAll('*')].every((el) => el.tagName === 'MARK' || el.tagName === 'IMG')).toBe(true);
  });

  it('marks a markup-looking query as the characters typed', () => {
    const { root, marks } = marked('x<b>y</b>', '<b>');
    expect(marks).toEqual(['<b>']);
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toBe('x<b>y</b>');
  });

  it('never matches inside an emoji code: [b12] stays a picture, unmarked', () => {
    const { root, marks } = marked('笑[b12]笑', '[b12]');
    expect(marks).toEqual([]);
    expect(root.querySelectorAll('img')).toHaveLength(1);
    expect(marked('笑[b12]笑', 'b12').marks).toEqual([]);
  });

  it('marks nothing for an empty or blank highlight', () => {
    expect(marked('晚霞', '').marks).toEqual([]);
    expect(marked('晚霞', '   ').marks).toEqual([]);
    const { container } = renderThemed(<HighlightText text="晚霞" />);
    expect(container.innerHTML).toBe('晚霞');
  });

  it('HighlightText marks plain text (a nickname) without turning codes into pictures', () => {
    const { container } = renderThemed(
      <p>
        <HighlightText text="小米[b1]米" highlight="米" />
      </p>,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['米', '米']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('小米[b1]米');
  });

  it.each(SKINS.map((s) => s.id))("the mark meets AA in skin %j (the skin's own colours)", (skin) => {
    const theme = themeFor(skin);
    const { container } = render(
      <ThemeProvider theme={theme}>
        <RichText text="山顶的晚霞" highlight="晚霞" />
      </ThemeProvider>,
    );
    const style = getComputedStyle(container.querySelector('mark')!);
    const hex = (css: string) =>
      `#${(css.match(/\d+/gu) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    const [fg, bg] = [style.color, style.backgroundColor].map((c) => (c.startsWith('#') ? c.toLowerCase() : hex(c)));
    expect([fg, bg]).toEqual([theme.colors.onPrimary.toLowerCase(), theme.colors.primary.toLowerCase()]);
    expect(contrastRatio(fg!, bg!)).toBeGreaterThanOrEqual(4.5);
  });
});
