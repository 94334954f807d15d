import { testTimeLimits } from '@weft/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: testTimeLimits });
