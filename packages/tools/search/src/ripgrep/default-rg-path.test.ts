import { execFileSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createTempDir, type TempDir } from '@weft/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_ENTRY, bundleAsCommonJs, lookUpInFreshProcess } from '../testing/built-package.js';
import { defaultRgPath } from './default-rg-path.js';

// @vscode/ripgrep picks its platform package by npm_config_arch when that is set: a made-up one
// stands for a machine whose ripgrep binary was not installed, and makes loading the package throw.
const MISSING_PLATFORM = { npm_config_arch: 'nosucharch' };
const PLATFORM_MISSING_MESSAGE = `Could not find the ripgrep binary that @vscode/ripgrep ships: Could not find @vscode/ripgrep-${process.platform}-nosucharch. Ensure optionalDependencies are installed for this platform (${process.platform}-nosucharch). Pass the location of a ripgrep binary as the rgPath option, or install @vscode/ripgrep with its optional dependencies.`;

// The folder of the installed @vscode/ripgrep (its entry is lib/index.js).
const RIPGREP_PACKAGE = dirname(dirname(createRequire(import.meta.url).resolve('@vscode/ripgrep')));

describe('defaultRgPath', () => {
  it('resolves to the executable ripgrep binary shipped in @vscode/ripgrep', async () => {
    const path = await defaultRgPath();
    expect(path).toContain('@vscode/ripgrep-');
    expect(statSync(path).isFile()).toBe(true);
    expect(() => accessSync(path, constants.X_OK)).not.toThrow();
    expect(execFileSync(path, ['--version'], { encoding: 'utf8' })).toMatch(/^ripgrep \d+\.\d+\.\d+/);
  });

  it('gives the same path on every call, looked up once', async () => {
    const first = defaultRgPath();
    expect(defaultRgPath()).toBe(first);
    expect(await defaultRgPath()).toBe(await first);
  });
});

describe('defaultRgPath, in a fresh process of the built package', () => {
  it('leaves @vscode/ripgrep unloaded when the package is imported; the first call loads it', async () => {
    // Were @vscode/ripgrep loaded with the package, its failure would fail the import itself.
    const [first, second] = lookUpInFreshProcess({ file: BUILT_ENTRY, how: 'import', env: MISSING_PLATFORM });
    expect(first).toEqual({ code: 'RIPGREP_UNAVAILABLE', message: PLATFORM_MISSING_MESSAGE });
    expect(second).toEqual(first);
  });

  it('finds the same binary as in this process when the platform package is installed', async () => {
    const path = await defaultRgPath();
    expect(lookUpInFreshProcess({ file: BUILT_ENTRY, how: 'import' })).toEqual([{ path }, { path }]);
  });

  describe('bundled into one CommonJS file run as a vm.Script, as the weft command runs it', () => {
    let dir: TempDir;
    // The bundle with @vscode/ripgrep installed beside it, and a copy without.
    let installed: string;
    let bare: string;
    beforeAll(async () => {
      dir = createTempDir('weft-search-bundle-');
      installed = await bundleAsCommonJs(dir.join('installed'));
      mkdirSync(dir.join('installed/node_modules/@vscode'), { recursive: true });
      symlinkSync(RIPGREP_PACKAGE, dir.join('installed/node_modules/@vscode/ripgrep'));
      bare = dir.join('bare/search.cjs');
      mkdirSync(dirname(bare));
      copyFileSync(installed, bare);
    }, 60_000);
    afterAll(() => dir.remove());

    it('loads without @vscode/ripgrep and finds the binary on the first call', async () => {
      const path = await defaultRgPath();
      expect(lookUpInFreshProcess({ file: installed, how: 'script' })).toEqual([{ path }, { path }]);
    });

    it('reports a missing platform package when called, not when loaded', () => {
      const [first] = lookUpInFreshProcess({ file: installed, how: 'script', env: MISSING_PLATFORM });
      expect(first).toEqual({ code: 'RIPGREP_UNAVAILABLE', message: PLATFORM_MISSING_MESSAGE });
    });

    it('does not keep a failed lookup: once @vscode/ripgrep is installed the next call finds the binary', async () => {
      const [first, second] = lookUpInFreshProcess({
        file: bare,
        how: 'script',
        linkRipgrepPackageAfterFirstCall: RIPGREP_PACKAGE,
      });
      expect(first).toEqual({
        code: 'RIPGREP_UNAVAILABLE',
        message:
          "Could not find the ripgrep binary that @vscode/ripgrep ships: Cannot find module '@vscode/ripgrep'. Pass the location of a ripgrep binary as the rgPath option, or install @vscode/ripgrep with its optional dependencies.",
      });
      expect(second).toEqual({ path: await defaultRgPath() });
    });
  });
});
