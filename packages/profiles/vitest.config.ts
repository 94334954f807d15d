import { defineConfig } from 'vitest/config';

// These tests run real processes and ripgrep in temp folders; on a machine busy with other work a
// case can take several times its usual time, so the per-test limit is generous.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } });
