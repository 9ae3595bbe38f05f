/**
 * What a remote's server entry imports (docs/adr/0016 "Step 2"): the render sandbox's child may
 * read only the remote's own folder, so a built entry must import nothing but Node's built-ins
 * (everything else bundled inside). Read from the file's text, as the build writes it (ES module
 * `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`); checked when a remote is
 * published, so a bad build is refused then rather than failing each render.
 */
import { isBuiltin } from 'node:module';

/** The built entry's one file inside a remote's build: dist/server/entry.mjs. */
export const SERVER_ENTRY_FILE = 'server/entry.mjs';

const SPECIFIER = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["']([^"'\n]+)["']|\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g;

/** Every module the text imports that is not one of Node's built-ins, in order of first use. */
export function foreignImports(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(SPECIFIER)) {
    const specifier = (m[1] ?? m[2])!;
    if (!isBuiltin(specifier)) found.add(specifier);
  }
  return [...found];
}
