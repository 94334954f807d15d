import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWorkspace, findImports } from './check.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const binPath = fileURLToPath(new URL('../bin/check-dep-rules.mjs', import.meta.url));

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** Writes a miniature workspace: llm, agent-core and tools-fs, each with one source file. */
function makeWorkspace(
  files: Record<string, string> = {},
  manifests: Partial<Record<string, Manifest>> = {},
) {
  const root = mkdtempSync(join(tmpdir(), 'dep-rules-'));
  roots.push(root);
  const base: Record<string, Manifest> = {
    'packages/llm': { name: '@weft/llm' },
    'packages/agent-core': { name: '@weft/agent-core', dependencies: { '@weft/llm': 'workspace:*' } },
    'packages/tools/fs': {
      name: '@weft/tools-fs',
      dependencies: { '@weft/agent-core': 'workspace:*' },
      devDependencies: { '@weft/testkit': 'workspace:*' },
    },
    'packages/testkit': { name: '@weft/testkit' },
  };
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('pnpm-workspace.yaml', 'packages:\n  - "packages/*"\n  - "packages/tools/*"\n');
  for (const [dir, manifest] of Object.entries({ ...base, ...manifests })) {
    write(`${dir}/package.json`, JSON.stringify(manifest));
    write(`${dir}/src/index.ts`, 'export const ok = 1;\n');
  }
  for (const [path, text] of Object.entries(files)) write(path, text);
  return root;
}

describe('dependency rules', () => {
  it('passes on the real Weft workspace', () => {
    expect(checkWorkspace(repoRoot)).toEqual([]);
  });

  it('passes on a workspace whose imports follow the rules', () => {
    const root = makeWorkspace({
      'packages/agent-core/src/loop.ts': "import { Client } from '@weft/llm';\n",
      'packages/tools/fs/src/read.ts': "import type { Tool } from '@weft/agent-core';\n",
    });
    expect(checkWorkspace(root)).toEqual([]);
  });

  it('fails when llm imports a workspace package', () => {
    const root = makeWorkspace({
      'packages/llm/src/bad.ts': "\n\nimport { Session } from '@weft/agent-core';\n",
    });
    const violations = checkWorkspace(root);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({
      packageName: '@weft/llm',
      file: 'packages/llm/src/bad.ts',
      line: 3,
    });
    expect(violations[0]?.message).toContain('may depend on no workspace package');
  });

  it('fails when a tool package imports another tool package, even with a dynamic import', () => {
    const root = makeWorkspace({
      'packages/tools/fs/src/bad.ts': "export const load = () => import('@weft/llm/internal');\n",
    });
    expect(checkWorkspace(root).map((v) => v.message)).toEqual([
      'imports "@weft/llm/internal"; @weft/tools-fs may depend only on @weft/agent-core (DESIGN.md, dependency rules)',
    ]);
  });

  it('fails when a forbidden workspace dependency is declared in package.json', () => {
    const root = makeWorkspace(
      {},
      { 'packages/llm': { name: '@weft/llm', dependencies: { '@weft/agent-core': 'workspace:*' } } },
    );
    expect(checkWorkspace(root).map((v) => v.message)).toEqual([
      '@weft/llm lists @weft/agent-core in dependencies; @weft/llm may depend on no workspace package (DESIGN.md, dependency rules)',
    ]);
  });

  it('fails when testkit is a runtime dependency', () => {
    const root = makeWorkspace(
      {},
      {
        'packages/agent-core': {
          name: '@weft/agent-core',
          dependencies: { '@weft/llm': 'workspace:*', '@weft/testkit': 'workspace:*' },
        },
      },
    );
    expect(checkWorkspace(root)[0]?.message).toContain('may only ever be a devDependency');
  });

  it('fails when shipped code imports testkit, but lets tests import their devDependencies', () => {
    const root = makeWorkspace({
      'packages/tools/fs/src/read.test.ts': "import { startFakeModelServer } from '@weft/testkit';\n",
      'packages/tools/fs/src/read.ts': "import { startFakeModelServer } from '@weft/testkit';\n",
    });
    const violations = checkWorkspace(root);
    expect(violations.map((v) => v.file)).toEqual(['packages/tools/fs/src/read.ts']);
  });

  it('treats test-support files and testing folders as test code', () => {
    const root = makeWorkspace({
      'packages/tools/fs/src/read.test-support.ts': "import { createTempDir } from '@weft/testkit';\n",
      'packages/tools/fs/src/testing/harness.ts': "import { createTempDir } from '@weft/testkit';\n",
    });
    expect(checkWorkspace(root)).toEqual([]);
  });

  it('lets the build and test settings at a package root use devDependencies, but not a source file of that name', () => {
    const root = makeWorkspace({
      'packages/tools/fs/vitest.config.ts': "import { createTempDir } from '@weft/testkit';\n",
      'packages/tools/fs/tsup.config.ts': "import { createTempDir } from '@weft/testkit';\n",
      'packages/tools/fs/src/vitest.config.ts': "import { createTempDir } from '@weft/testkit';\n",
    });
    expect(checkWorkspace(root).map((v) => v.file)).toEqual(['packages/tools/fs/src/vitest.config.ts']);
  });

  it('fails when an allowed import is not declared in package.json', () => {
    const root = makeWorkspace(
      { 'packages/tools/fs/src/x.ts': "import '@weft/agent-core';\n" },
      {
        'packages/tools/fs': { name: '@weft/tools-fs' },
      },
    );
    expect(checkWorkspace(root)[0]?.message).toBe(
      'imports "@weft/agent-core" but @weft/tools-fs does not list @weft/agent-core in dependencies',
    );
  });

  it('fails when a relative import reaches into another package', () => {
    const root = makeWorkspace({
      'packages/agent-core/src/x.ts': "export * from '../../llm/src/index.js';\n",
    });
    expect(checkWorkspace(root)[0]?.message).toContain('reaches outside @weft/agent-core');
  });

  it('fails when a package has no entry in the rules', () => {
    const root = makeWorkspace({}, { 'packages/extra': { name: '@weft/extra' } });
    expect(checkWorkspace(root)[0]?.message).toContain('@weft/extra has no entry in the dependency rules');
  });

  it('ignores imports that only appear in comments', () => {
    expect(findImports("// import '@weft/llm'\n/* from '@weft/x' */\nimport a from 'b';\n")).toEqual([
      { specifier: 'b', line: 3 },
    ]);
  });

  it('makes the command exit non-zero and name the file when a forbidden import is added', () => {
    const root = makeWorkspace({ 'packages/llm/src/bad.ts': "import '@weft/tools-fs';\n" });
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [binPath, root], { stdio: 'pipe' });
    } catch (error) {
      const e = error as { status: number; stderr: Buffer };
      failure = { status: e.status, stderr: e.stderr.toString() };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('packages/llm/src/bad.ts:1: imports "@weft/tools-fs"');
  });
});
