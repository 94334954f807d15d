import { testTimeLimits } from '@weft/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...testTimeLimits,
    // The permission tests switch their process to an unprivileged user, so every test file
    // must run in a child process of its own.
    pool: 'forks',
    isolate: true,
  },
});
