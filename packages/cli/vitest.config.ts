import { defineConfig } from 'vitest/config';
import { testTimeLimits } from '../../vitest.shared.js';

export default defineConfig({
  define: { __WEFT_VERSION__: JSON.stringify('0.0.0-test') },
  test: testTimeLimits,
});
