/** For tests: puts a manifest into the page as the server inlines it, or takes it out. */
import type { RemotesManifest } from '@xiaoba/shared';
import { MANIFEST_ELEMENT_ID } from './registry';

export function inlineManifest(manifest: RemotesManifest | string): void {
  removeInlinedManifest();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = MANIFEST_ELEMENT_ID;
  element.textContent = typeof manifest === 'string' ? manifest : JSON.stringify(manifest).replace(/</g, '\\u003c');
  document.head.append(element);
}

export function removeInlinedManifest(): void {
  document.getElementById(MANIFEST_ELEMENT_ID)?.remove();
}
