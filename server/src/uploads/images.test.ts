import { describe, expect, it } from 'vitest';
import { animatedGif, jpegWithGps, pngImage, webpImage } from '../test/yy';
import { IMAGE_MAX_SIDE, processImage, sniffImageFormat } from './images';

describe('sniffImageFormat', () => {
  it('recognises JPEG, PNG, GIF and WebP by their first bytes', async () => {
    expect(sniffImageFormat(await jpegWithGps(10, 10))).toBe('jpeg');
    expect(sniffImageFormat(await pngImage(10, 10))).toBe('png');
    expect(sniffImageFormat(await animatedGif(10, 10, 2))).toBe('gif');
    expect(sniffImageFormat(await webpImage(10, 10))).toBe('webp');
  });

  it.each([
    ['text', 'hello'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['empty', ''],
    ['RIFF that is no WebP', 'RIFF\u0000\u0000\u0000\u0000WAVEfmt '],
    ['GIF-like', 'GIF90a'],
  ])('answers null for %s', (_label, text) => {
    expect(sniffImageFormat(Buffer.from(text, 'latin1'))).toBeNull();
  });
});

describe('processImage', () => {
  it('refuses a PNG header glued onto something else', async () => {
    const fake = Buffer.concat([(await pngImage(4, 4)).subarray(0, 8), Buffer.from('<svg/>')]);
    await expect(processImage(fake)).rejects.toMatchObject({ statusCode: 400 });
  });

  it(`keeps the aspect inside ${IMAGE_MAX_SIDE}x${IMAGE_MAX_SIDE}`, async () => {
    const tall = await processImage(await pngImage(500, 4000));
    expect(tall).toMatchObject({ width: 200, height: IMAGE_MAX_SIDE });
  });

  it('handles parallel work a few at a time without losing any', async () => {
    const png = await pngImage(300, 200);
    const results = await Promise.all(Array.from({ length: 6 }, () => processImage(png)));
    expect(results.every((r) => r.width === 300 && r.height === 200)).toBe(true);
  });
});
