// Run by built-package.ts in a fresh Node process: `node look-up-child.cjs <import|script> <file>
// [ripgrep package folder]`. Loads the package from <file>, calls defaultRgPath() twice and
// prints both outcomes as JSON; given a folder, links it as node_modules/@vscode/ripgrep beside
// <file> between the two calls. A load that throws fails the process.
const { mkdirSync, readFileSync, symlinkSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const [how, file, ripgrepPackage] = process.argv.slice(2);

/** A CommonJS file run as the weft command runs its bundle (packages/cli, code-cache.ts). */
function runAsScript() {
  const source = readFileSync(file, 'utf8');
  const wrapped = `(function (exports, require, module, __filename, __dirname) {\n${source}\n})`;
  const module = { exports: {} };
  // No importModuleDynamically, as there: an import() inside the file cannot load anything.
  new Script(wrapped, { filename: file, lineOffset: -1 })
    .runInThisContext()
    .call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

function lookUp(search) {
  return search.defaultRgPath().then(
    (path) => ({ path }),
    (error) => ({ code: error.code, message: error.message }),
  );
}

async function main() {
  const search = how === 'script' ? runAsScript() : await import(pathToFileURL(file).href);
  const first = await lookUp(search);
  if (ripgrepPackage) {
    const scope = join(dirname(file), 'node_modules', '@vscode');
    mkdirSync(scope, { recursive: true });
    symlinkSync(ripgrepPackage, join(scope, 'ripgrep'));
  }
  const second = await lookUp(search);
  process.stdout.write(JSON.stringify([first, second]));
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
