import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's built entry (`pnpm build` first), as a consumer imports it. */
export const BUILT_ENTRY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** What one `defaultRgPath()` call in a child process gave. */
export type LookupOutcome = { path: string } | { code: string; message: string };

const CHILD = fileURLToPath(new URL('./look-up-child.cjs', import.meta.url));

export interface LookupRun {
  /** The file loaded: the built ES module entry, or a CommonJS bundle run as a script. */
  file: string;
  how: 'import' | 'script';
  /** Extra environment variables for the child. */
  env?: Record<string, string>;
  /** A folder to link as `node_modules/@vscode/ripgrep` beside `file` between the two calls. */
  linkRipgrepPackageAfterFirstCall?: string;
}

/**
 * Loads the package in a fresh Node process and calls `defaultRgPath()` twice. A load that
 * throws fails the child, and so this call.
 */
export function lookUpInFreshProcess(run: LookupRun): [LookupOutcome, LookupOutcome] {
  // pnpm's bin shims set NODE_PATH to its store of hoisted packages, where @vscode/ripgrep is
  // always found: the child resolves packages only from beside the file, as an installed one does.
  const { NODE_PATH: _storePath, ...env } = process.env;
  const stdout = execFileSync(
    process.execPath,
    [
      CHILD,
      run.how,
      run.file,
      ...(run.linkRipgrepPackageAfterFirstCall ? [run.linkRipgrepPackageAfterFirstCall] : []),
    ],
    {
      encoding: 'utf8',
      cwd: dirname(run.file),
      env: { ...env, ...run.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return JSON.parse(stdout) as [LookupOutcome, LookupOutcome];
}

/**
 * Bundles the built entry into one CommonJS file in `outDir` as the weft command's build does:
 * everything inlined except `@vscode/ripgrep`, which stays a package loaded from beside the file.
 */
export async function bundleAsCommonJs(outDir: string): Promise<string> {
  if (!existsSync(BUILT_ENTRY)) throw new Error(`${BUILT_ENTRY} is missing: run pnpm build first.`);
  const { build } = await import('tsup');
  await build({
    entry: { search: BUILT_ENTRY },
    outDir,
    format: 'cjs',
    outExtension: () => ({ js: '.cjs' }),
    target: 'node20',
    platform: 'node',
    noExternal: [/^(?!@vscode\/ripgrep)/],
    config: false,
    silent: true,
  });
  return join(outDir, 'search.cjs');
}
