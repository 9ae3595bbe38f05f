import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKINS } from '@xiaoba/shared/core';
import { REPO_ROOT } from '../paths';
import { SKIN_COLORS, skinColors } from './skins';

describe('export skin colours', () => {
  it('are the palettes shared/src/theme/skins.ts gives the browser, for every skin', async () => {
    const source = await readFile(path.join(REPO_ROOT, 'shared', 'src', 'theme', 'skins.ts'), 'utf8');
    const palettes = source.slice(source.indexOf('const palettes'));
    for (const { id } of SKINS) {
      const start = palettes.indexOf(id === '' ? "\n  '': {" : `\n  ${id}: {`);
      expect(start, `skin ${id || 'default'} in shared`).toBeGreaterThan(-1);
      const colors = palettes.slice(palettes.indexOf('colors: {', start), palettes.indexOf('}', palettes.indexOf('colors: {', start)));
      for (const [key, value] of Object.entries(SKIN_COLORS[id])) expect(colors, `${id || 'default'}.${key}`).toContain(`${key}: '${value}'`);
    }
  });

  it('fall back to the default skin for an unknown name', () => {
    expect(skinColors('nope')).toBe(SKIN_COLORS['']);
  });
});
