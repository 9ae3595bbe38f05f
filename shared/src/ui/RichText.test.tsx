import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText } from './RichText';

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
