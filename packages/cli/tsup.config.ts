import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig([
  // The library: the RPC client and the line schemas. Small, with declarations.
  {
    entry: { index: 'src/index.ts' },
    format: 'esm',
    dts: true,
    sourcemap: true,
    clean: false,
    target: 'node20',
    define: { __WEFT_VERSION__: JSON.stringify(version) },
  },
  // The command. Everything is bundled (Weft's packages, their pure-JS dependencies and the
  // provider SDKs), so a run resolves and reads a handful of files instead of hundreds; what a mode
  // does not need (an SDK, the terminal UI) sits in chunks loaded on demand. Left out: ripgrep
  // (the package locates its binary from its own folder) and native modules.
  {
    entry: { weft: 'src/bin.ts' },
    outDir: 'dist/cli',
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    noExternal: [/^(?!@vscode\/ripgrep|node-pty)/],
    define: { __WEFT_VERSION__: JSON.stringify(version) },
    // Bundled CommonJS modules call require() for Node's built-ins; ESM has none of its own.
    banner: {
      js: "import { createRequire as __weftCreateRequire } from 'node:module'; const require = __weftCreateRequire(import.meta.url);",
    },
  },
]);
