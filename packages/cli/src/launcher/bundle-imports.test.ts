import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The command's body runs as a vm.Script (for V8's code cache, see code-cache.ts), where import()
// rejects with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING. Every import() left in the bundle must
// therefore never run, or fall back to require() when it fails.
const KNOWN_DYNAMIC_IMPORTS: Record<string, string> = {
  '@vscode/ripgrep': 'tools-search defaultRgPath() falls back to require() (an ES module, Node 20.19+)',
  crypto: 'gaxios (Gemini SDK): only when globalThis.crypto is missing, never on Node 20',
};

describe('the command’s bundle', () => {
  it('has no import() beyond the known ones, which never run or fall back to require()', () => {
    const bundle = readFileSync(new URL('../../dist/cli/main.cjs', import.meta.url), 'latin1');
    // Not the ones inside text (an SDK message quotes `import('node:buffer')`).
    const specifiers = [...bundle.matchAll(/(?<![`'"\w.$])import\(\s*([^)]*?)\s*\)/g)].map(
      (match) => match[1] ?? '',
    );
    expect(specifiers.map((specifier) => specifier.replace(/^["'`]|["'`]$/g, '')).sort()).toEqual(
      Object.keys(KNOWN_DYNAMIC_IMPORTS).sort(),
    );
  });
});
