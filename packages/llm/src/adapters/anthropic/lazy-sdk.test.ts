import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('.', import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      const shipped = entry.name.endsWith('.ts') && !/\.(test|test-support|bench)\.ts$/.test(entry.name);
      return Promise.resolve(shipped ? [path] : []);
    }),
  );
  return nested.flat();
}

describe('lazy SDK loading', () => {
  it('imports @anthropic-ai/sdk only as types, except for the one dynamic import on first use', async () => {
    const runtimeImports: string[] = [];
    for (const file of await sourceFiles(folder)) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'(@anthropic-ai\/sdk[^']*)'/gms)) {
        if (match[1] === undefined) runtimeImports.push(`${relative(folder, file)}: ${match[2]}`);
      }
    }
    expect(runtimeImports).toEqual([]);
    const loader = await readFile(join(folder, 'load-sdk.ts'), 'utf8');
    expect(loader).toContain("import('@anthropic-ai/sdk')");
  });
});
