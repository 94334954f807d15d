import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { codeCacheDirectory, loadWithCodeCache } from './code-cache.js';

const SOURCE = `
const { join } = require('node:path');
exports.answer = function answer(n) { return join('a', String(n * 2)); };
exports.filename = __filename;
exports.self = this === module.exports;
`;

const CHILD = fileURLToPath(new URL('./load-child.test-support.ts', import.meta.url));

/** Loads `file` with the cache in `cache` in a fresh Node process, as each run of weft does. */
function runChild(file: string, cache: string): { fromCache: boolean; answer: string } {
  return JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', CHILD, file, cache], { encoding: 'utf8' }),
  );
}

describe('loadWithCodeCache', () => {
  it('runs a CommonJS file as require would, with its require, module, __filename and this', () => {
    using dir = createTempDir('weft-code-cache-');
    const file = dir.join('mod.cjs');
    writeFileSync(file, SOURCE);

    const loaded = loadWithCodeCache<{ answer(n: number): string; filename: string; self: boolean }>(
      file,
      undefined,
      '1.0.0',
    );

    expect(loaded.exports.answer(21)).toBe('a/42');
    expect(loaded.exports.filename).toBe(file);
    expect(loaded.exports.self).toBe(true);
    expect(loaded.fromCache).toBe(false);
    loaded.saveCache(); // without a cache folder: nothing to do
  });

  it('saves the compiled code once and takes it on the next run', () => {
    using dir = createTempDir('weft-code-cache-');
    const file = dir.join('mod.cjs');
    const cache = dir.join('cache');
    writeFileSync(file, SOURCE);

    expect(runChild(file, cache)).toEqual({ fromCache: false, answer: 'a/4' });
    const names = readdirSync(cache);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^mod\.cjs-1\.0\.0-v\d+\.\d+\.\d+-\w+-\w+-[0-9a-f]{12}-\d+-\d+\.bin$/);
    const written = statSync(join(cache, names[0]!)).mtimeMs;

    expect(runChild(file, cache)).toEqual({ fromCache: true, answer: 'a/4' });
    // Taken from the cache: not written again.
    expect(readdirSync(cache)).toEqual(names);
    expect(statSync(join(cache, names[0]!)).mtimeMs).toBe(written);
  });

  it('keys the cache on the file: a rebuilt file starts a new cache and the stale one goes', () => {
    using dir = createTempDir('weft-code-cache-');
    const file = dir.join('mod.cjs');
    const cache = dir.join('cache');
    writeFileSync(file, SOURCE);
    runChild(file, cache);
    const [old] = readdirSync(cache);

    // Same length, new content and time: V8 alone would not notice (it checks the length).
    writeFileSync(file, SOURCE.replace('n * 2', 'n * 3'));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));

    expect(runChild(file, cache)).toEqual({ fromCache: false, answer: 'a/6' });
    const names = readdirSync(cache);
    expect(names).toHaveLength(1);
    expect(names[0]).not.toBe(old);
    expect(runChild(file, cache)).toEqual({ fromCache: true, answer: 'a/6' });
  });

  it('keeps one cache per copy of the file: two checkouts do not evict each other', () => {
    using dir = createTempDir('weft-code-cache-');
    const cache = dir.join('cache');
    const copies = ['a', 'b'].map((name) => {
      mkdirSync(dir.join(name));
      writeFileSync(dir.join(name, 'mod.cjs'), SOURCE);
      return dir.join(name, 'mod.cjs');
    });
    for (const file of copies) expect(runChild(file, cache).fromCache).toBe(false);
    for (const file of copies) expect(runChild(file, cache).fromCache).toBe(true);
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('compiles from source when the cache is damaged, and replaces it', () => {
    using dir = createTempDir('weft-code-cache-');
    const file = dir.join('mod.cjs');
    const cache = dir.join('cache');
    writeFileSync(file, SOURCE);
    runChild(file, cache);
    const [name] = readdirSync(cache);
    const bytes = readFileSync(join(cache, name!));
    bytes[bytes.length - 10]! ^= 0xff; // one flipped byte, past the headers V8 checks
    writeFileSync(join(cache, name!), bytes);
    expect(runChild(file, cache)).toEqual({ fromCache: false, answer: 'a/4' });
    expect(runChild(file, cache)).toEqual({ fromCache: true, answer: 'a/4' });

    writeFileSync(join(cache, name!), 'not V8 code');
    expect(runChild(file, cache)).toEqual({ fromCache: false, answer: 'a/4' });
    expect(runChild(file, cache)).toEqual({ fromCache: true, answer: 'a/4' });
  });

  it('runs all the same when the cache folder cannot be written', () => {
    using dir = createTempDir('weft-code-cache-');
    const file = dir.join('mod.cjs');
    writeFileSync(file, SOURCE);
    // A folder under a file cannot be made (permissions would not stop root).
    const blocked = dir.join('a-file');
    writeFileSync(blocked, '');

    const loaded = loadWithCodeCache<{ answer(n: number): string }>(file, `${blocked}/weft`, '1.0.0');
    expect(() => loaded.saveCache()).not.toThrow();
    expect(loaded.exports.answer(1)).toBe('a/2');
    expect(readdirSync(dir.path).sort()).toEqual(['a-file', 'mod.cjs']);
  });

  it('reads a file that is not plain ASCII as UTF-8', () => {
    using dir = createTempDir('weft-code-cache-');
    const file = dir.join('mod.cjs');
    writeFileSync(file, "exports.text = 'Wärting ✓';");
    expect(loadWithCodeCache<{ text: string }>(file, undefined, '1.0.0').exports.text).toBe('Wärting ✓');
  });
});

describe('codeCacheDirectory', () => {
  it('is $XDG_CACHE_HOME/weft, else ~/.cache/weft', () => {
    expect(codeCacheDirectory({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toBe('/x/cache/weft');
    expect(codeCacheDirectory({ XDG_CACHE_HOME: '', HOME: '/home/u' })).toBe('/home/u/.cache/weft');
  });
});
