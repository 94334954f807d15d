import { testTimeLimits } from '@weft/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __WEFT_VERSION__: JSON.stringify('0.0.0-test') },
  test: testTimeLimits,
});
