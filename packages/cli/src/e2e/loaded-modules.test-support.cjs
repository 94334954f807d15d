// Preloaded into a weft run (NODE_OPTIONS=--require): at exit, writes the Node built-in modules
// the process loaded, one per line, to the file named by WEFT_TEST_LOADED_MODULES.
const { writeFileSync } = require('node:fs');

const file = process.env.WEFT_TEST_LOADED_MODULES;
if (file) {
  process.on('exit', () => {
    const builtins = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule '));
    writeFileSync(file, builtins.map((entry) => entry.slice('NativeModule '.length)).join('\n'));
  });
}
