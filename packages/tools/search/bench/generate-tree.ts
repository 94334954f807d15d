import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { seededRandom } from '@weft/testkit';

/** A token placed in a few files only, so a search for it walks the whole tree. */
export const RARE_TOKEN = 'WEFT_BENCH_RARE_TOKEN';

export interface GeneratedTree {
  /** Files a search can see (not ignored). */
  visibleFiles: number;
  /** Files under ignored folders. */
  ignoredFiles: number;
  /** Binary files among the visible ones. */
  binaryFiles: number;
  /** Files holding RARE_TOKEN (one line each). */
  rareFiles: number;
  totalBytes: number;
}

const WORDS = [
  'const',
  'value',
  'return',
  'import',
  'export',
  'function',
  'options',
  'result',
  'await',
  'config',
  'request',
  'response',
  'handler',
  'session',
  'token',
  'buffer',
  'stream',
  'record',
  'index',
  'length',
  'error',
  'message',
  'update',
  'create',
  'delete',
  'filter',
  'reduce',
  'promise',
  'string',
  'number',
];

/**
 * Writes a source tree like a mid-sized monorepo: `packages/pNN/src/mMM/fKK.<ext>` with a mix of
 * TypeScript, JavaScript, JSON, Markdown and Python files, a few PNG-like binaries, sizes from
 * about 0.5 KB to 60 KB (most small, a few large), a `.gitignore` hiding every package's `dist/`
 * folder (which holds files too), and RARE_TOKEN in about 0.3% of the files.
 */
export function generateTree(root: string, visibleFiles = 20_000): GeneratedTree {
  const next = seededRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const lines = Array.from({ length: 4000 }, () => {
    const count = 3 + Math.floor(next() * 7);
    const indent = '  '.repeat(Math.floor(next() * 4));
    return `${indent}${Array.from({ length: count }, () => pick(WORDS)).join(' ')};`;
  });
  const write = (relative: string, content: string | Uint8Array) => {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  };

  writeFileSync(join(root, '.gitignore'), 'dist/\n*.log\n');
  const stats: GeneratedTree = { visibleFiles, ignoredFiles: 0, binaryFiles: 0, rareFiles: 0, totalBytes: 0 };
  const packages = 40;
  const modulesPerPackage = 25;
  const filesPerModule = Math.ceil(visibleFiles / (packages * modulesPerPackage));
  let written = 0;
  for (let p = 0; p < packages && written < visibleFiles; p++) {
    for (let m = 0; m < modulesPerPackage && written < visibleFiles; m++) {
      for (let f = 0; f < filesPerModule && written < visibleFiles; f++, written++) {
        const roll = next();
        const base = `packages/p${p}/src/m${m}/f${f}`;
        if (roll < 0.03) {
          const bytes = Uint8Array.from({ length: 2048 + Math.floor(next() * 8192) }, () =>
            Math.floor(next() * 256),
          );
          bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00], 0);
          write(`${base}.png`, bytes);
          stats.binaryFiles++;
          stats.totalBytes += bytes.length;
          continue;
        }
        const size = next();
        const lineCount =
          size < 0.7
            ? 10 + Math.floor(next() * 40)
            : size < 0.95
              ? 50 + Math.floor(next() * 200)
              : 250 + Math.floor(next() * 1000);
        const body = Array.from({ length: lineCount }, () => pick(lines));
        if (next() < 0.003) {
          body[Math.floor(next() * body.length)] = `const marker = '${RARE_TOKEN}';`;
          stats.rareFiles++;
        }
        const ext = roll < 0.5 ? 'ts' : roll < 0.65 ? 'js' : roll < 0.75 ? 'json' : roll < 0.87 ? 'md' : 'py';
        const text = `${body.join('\n')}\n`;
        write(`${base}.${ext}`, text);
        stats.totalBytes += text.length;
      }
    }
    for (let d = 0; d < 25; d++) {
      write(
        `packages/p${p}/dist/chunk${d}.js`,
        `${Array.from({ length: 50 }, () => pick(lines)).join('\n')}\n// ${RARE_TOKEN}\n`,
      );
      stats.ignoredFiles++;
    }
  }
  return stats;
}
