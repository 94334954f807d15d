import { defineConfig } from 'tsup';

// Two entries: the library, and the standalone `apply_patch` command (its `#!/usr/bin/env node`
// line is kept, and tsup marks the output executable).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'apply-patch-cli': 'src/command/apply-patch-cli.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
