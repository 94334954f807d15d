import { defineConfig } from 'vitest/config';

// These tests start real processes and move megabytes through pipes; on a machine busy with other
// work a case can take several times its usual second, so the per-test limit is generous.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } });
