/** Pictures for upload tests, drawn by the browser itself (no fixture files, no extra library). */
import type { Page } from 'playwright-core';

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A JPEG of `width` x `height` with a gradient and a few shapes, encoded by Chromium's canvas. */
export async function drawPhoto(page: Page, name = 'photo.jpg', width = 640, height = 480): Promise<TestFile> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      const sky = ctx.createLinearGradient(0, 0, 0, h);
      sky.addColorStop(0, '#6ec6ff');
      sky.addColorStop(1, '#fff3c4');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#ffb300';
      ctx.beginPath();
      ctx.arc(w * 0.8, h * 0.2, h * 0.1, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#43a047';
      ctx.fillRect(0, h * 0.75, w, h * 0.25);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/** A text file dressed up as a picture: the server must recognise it by its content and refuse it. */
export function fakeImage(name = 'not-a-photo.jpg'): TestFile {
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from('这不是图片，只是一段文字。\n') };
}
