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
  // The command's entry: --version and --help from constants, and the launcher (src/launcher),
  // which runs the body below with V8's code cache.
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
    define: { __WEFT_VERSION__: JSON.stringify(version) },
  },
  // The command's body: one CommonJS file, because V8's code cache (which spares a run parsing
  // and compiling the code again) is open to scripts only on Node 20, not to ES modules.
  // Everything is bundled (Weft's packages, their pure-JS dependencies and the provider SDKs), so
  // a run reads two files instead of hundreds; what a mode does not need (an SDK, the terminal UI)
  // is only compiled when used. Left out: ripgrep (the package locates its binary from its own
  // folder) and native modules.
  {
    entry: { main: 'src/main.ts' },
    outDir: 'dist/cli',
    format: 'cjs',
    outExtension: () => ({ js: '.cjs' }),
    minify: true,
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    noExternal: [/^(?!@vscode\/ripgrep|node-pty)/],
    define: { __WEFT_VERSION__: JSON.stringify(version) },
    // Inside the bundle, fetch and its classes are @weft/llm's node:http ones: the SDKs' calls
    // never load Node's undici (see the file).
    inject: ['src/http/web-globals.ts'],
    // The bundled packages' license comments go to main.cjs.LEGAL.txt beside it, which leaves the
    // bundle plain ASCII: the launcher then reads it without decoding UTF-8.
    esbuildOptions(options) {
      options.legalComments = 'linked';
    },
  },
]);
