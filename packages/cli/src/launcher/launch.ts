import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../args/help.js';
import { EXIT } from '../modes/exit-codes.js';
import { applyV8Flags } from '../v8-flags.js';
import { codeCacheDirectory, loadWithCodeCache } from './code-cache.js';

type MainModule = typeof import('../main.js');

const SAVED_AFTER: ReadonlySet<number> = new Set([EXIT.ok, EXIT.error, EXIT.budget]);

/**
 * Runs weft with `argv`. The built command's body is one CommonJS bundle beside this file
 * (main.cjs, see tsup.config.ts), run with V8's code cache: the first run compiles it and leaves
 * the compiled code in the cache folder at exit, later runs start from that code. From source
 * (no bundle beside this file) main.ts is imported.
 */
export async function launch(argv: readonly string[]): Promise<void> {
  applyV8Flags();
  const bundle = fileURLToPath(new URL('./main.cjs', import.meta.url));
  if (!existsSync(bundle)) {
    // A specifier the bundler leaves alone: the built command never loads main.ts this way.
    const source = '../main.js';
    const { main } = (await import(source)) as MainModule;
    return main(argv);
  }
  const loaded = loadWithCodeCache<MainModule>(bundle, codeCacheDirectory(process.env), VERSION);
  // At exit every function the run used is compiled. Kept after a run that finished (a usage
  // error compiled too little); not after a signal, which asks weft to stop at once.
  process.once('exit', (code) => {
    if (SAVED_AFTER.has(code)) loaded.saveCache();
  });
  return loaded.exports.main(argv, { saveCodeCache: () => loaded.saveCache() });
}
