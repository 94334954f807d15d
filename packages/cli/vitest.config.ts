import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __WEFT_VERSION__: JSON.stringify('0.0.0-test') },
  // End-to-end tests start the built command as a real process; on a machine busy with other work
  // a run can take several times its usual time, so the per-test limit is generous.
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
