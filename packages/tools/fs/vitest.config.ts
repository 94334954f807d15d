import { defineConfig } from 'vitest/config';
import { testTimeLimits } from '../../../vitest.shared.js';

export default defineConfig({
  test: {
    ...testTimeLimits,
    // The permission tests switch their process to an unprivileged user, so every test file
    // must run in a child process of its own.
    pool: 'forks',
    isolate: true,
  },
});
