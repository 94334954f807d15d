import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const agentCoreSource = fileURLToPath(new URL('../agent-core/src', import.meta.url));

export default defineConfig({
  // Source imports of @weft/agent-core go to its source, as in tsconfig.json (see src/runtime/agent-core.ts).
  resolve: {
    alias: [
      { find: /^@weft\/agent-core$/, replacement: `${agentCoreSource}/index.ts` },
      { find: /^@weft\/agent-core\/(.*)$/, replacement: `${agentCoreSource}/$1` },
    ],
  },
  define: { __WEFT_VERSION__: JSON.stringify('0.0.0-test') },
  // End-to-end tests start the built command as a real process; on a machine busy with other work
  // a run can take several times its usual time, so the per-test limit is generous.
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
