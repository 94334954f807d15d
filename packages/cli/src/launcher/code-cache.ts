import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** A CommonJS file run through {@link loadWithCodeCache}. */
export interface CachedModule<T> {
  /** What the file put on `module.exports`. */
  exports: T;
  /** Whether V8 took its code from the cache instead of compiling the source. */
  fromCache: boolean;
  /**
   * Writes V8's code for the file (every function compiled so far, so call it late: at exit) to
   * the cache, when the cache had none that V8 accepted. Never throws.
   */
  saveCache(): void;
}

/**
 * Runs the CommonJS file `file` as `require` would, with V8's code cache: the bytecode of every
 * function a previous run compiled, kept in `cacheDirectory`. With it V8 neither parses the
 * source nor compiles those functions again, which for the command's bundle is most of what a
 * run costs before its first model call. The cache file is named after `key` (the caller's
 * version), Node's version, the platform, the file's path and its size and modification time,
 * so a rebuilt or upgraded file never meets another file's code; V8 also checks its own version
 * and flags, a digest guards the file's bytes, and a cache that fails a check is rewritten. Without a cache folder (undefined), or when the cache cannot
 * be read or written, the file runs all the same.
 *
 * V8's flags must be the same whenever the file is compiled: set them before calling this.
 */
export function loadWithCodeCache<T>(
  file: string,
  cacheDirectory: string | undefined,
  key: string,
): CachedModule<T> {
  const fd = openSync(file, 'r');
  let source: string;
  let stamp: string;
  try {
    const stat = fstatSync(fd);
    stamp = `${stat.size}-${Math.trunc(stat.mtimeMs)}`;
    const bytes = readFileSync(fd);
    // Plain ASCII (as the build leaves the bundle) reads as Latin-1, ten times faster than UTF-8.
    source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  } finally {
    closeSync(fd);
  }
  // One cache per copy of the file (its folder's digest: two checkouts do not evict each other).
  const place = digest(Buffer.from(file)).toString('hex').slice(0, 12);
  const prefix = `${basename(file)}-${safe(key)}-${process.version}-${process.platform}-${process.arch}-${place}-`;
  const cacheFile = cacheDirectory === undefined ? undefined : join(cacheDirectory, `${prefix}${stamp}.bin`);
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  // The wrapper CommonJS gives a module, on a line of its own so that the file's lines keep their numbers.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, {
    filename: file,
    lineOffset: -1,
    ...(cachedData ? { cachedData } : {}),
  });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  let saved = fromCache;
  return {
    exports: module.exports,
    fromCache,
    saveCache() {
      if (saved || cacheDirectory === undefined || cacheFile === undefined) return;
      saved = true;
      writeCache(script, cacheDirectory, cacheFile, prefix);
    },
  };
}

/** Where the command keeps its code cache: `$XDG_CACHE_HOME/weft`, else `~/.cache/weft`. */
export function codeCacheDirectory(env: NodeJS.ProcessEnv): string | undefined {
  const base = env.XDG_CACHE_HOME || (env.HOME ? join(env.HOME, '.cache') : safeHomedir());
  return base ? join(base, 'weft') : undefined;
}

function writeCache(script: Script, directory: string, cacheFile: string, prefix: string): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(directory, { recursive: true });
    // Written aside and renamed: a concurrent run reads the old file or the new one, never half.
    const data = script.createCachedData();
    writeFileSync(temporary, Buffer.concat([digest(data), data]));
    renameSync(temporary, cacheFile);
    // Caches of earlier builds of the same version (other sizes or times) are of no further use.
    for (const name of readdirSync(directory)) {
      if (name.startsWith(prefix) && name.endsWith('.bin') && join(directory, name) !== cacheFile) {
        rmSync(join(directory, name), { force: true });
      }
    }
  } catch {
    // A read-only or full disk: the next run compiles from source, as without a cache.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing was written
    }
  }
}

/** Bytes of the SHA-1 digest that heads a cache file. */
const DIGEST_BYTES = 20;

/**
 * The cached code, or undefined when there is none or it is damaged. V8 checks its version, flags
 * and the source's length, but trusts the rest: the file carries its own digest.
 */
function readCache(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const data = bytes.subarray(DIGEST_BYTES);
  return bytes.length > DIGEST_BYTES && digest(data).equals(bytes.subarray(0, DIGEST_BYTES))
    ? data
    : undefined;
}

function digest(data: Uint8Array): Buffer {
  return createHash('sha1').update(data).digest();
}

function safeHomedir(): string | undefined {
  try {
    return homedir();
  } catch {
    return undefined;
  }
}

function safe(text: string): string {
  return text.replace(/[^\w.-]/g, '_');
}
