import { createRequire } from 'node:module';
import { SearchError } from '../search-error.js';

type RipgrepPackage = typeof import('@vscode/ripgrep');

let pending: Promise<string> | undefined;

/**
 * The ripgrep binary shipped inside the `@vscode/ripgrep` npm package (a static build, so it
 * also runs in a Linux container that can see this path). Environments that run elsewhere (a
 * remote host over SSH) pass their own path through the tools' `rgPath` option.
 *
 * Looked up on the first call, not at import: `@vscode/ripgrep` is an ES module, and loading it
 * up front costs every process that bundles this package as CommonJS (the weft command) Node's
 * ES module loader at start, whether it searches or not. The path is kept after the first
 * lookup; a failed lookup is not, so the next call tries again.
 *
 * Throws {@link SearchError} RIPGREP_UNAVAILABLE when the package, or its binary for this
 * platform, is not installed.
 */
export function defaultRgPath(): Promise<string> {
  pending ??= lookUpRgPath().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function lookUpRgPath(): Promise<string> {
  try {
    return (await loadRipgrepPackage()).rgPath;
  } catch (error) {
    // Node's "Cannot find module" goes on with a require stack; its first line says enough.
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? '';
    throw new SearchError(
      'RIPGREP_UNAVAILABLE',
      `Could not find the ripgrep binary that @vscode/ripgrep ships: ${reason.replace(/\.?$/, '.')} Pass the location of a ripgrep binary as the rgPath option, or install @vscode/ripgrep with its optional dependencies.`,
      { cause: error },
    );
  }
}

async function loadRipgrepPackage(): Promise<RipgrepPackage> {
  try {
    return await import('@vscode/ripgrep');
  } catch (error) {
    // The weft command runs its CommonJS bundle with vm.Script (for V8's code cache), and such a
    // script cannot import(). It has `__filename`, though, and require() loads an ES module
    // from Node 20.19.
    if (!isDynamicImportUnavailable(error) || typeof __filename !== 'string') throw error;
    return createRequire(__filename)('@vscode/ripgrep') as RipgrepPackage;
  }
}

function isDynamicImportUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING');
}
