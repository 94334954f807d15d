import { defineConfig } from 'vitest/config';
import { testTimeLimits } from '../../../vitest.shared.js';

export default defineConfig({ test: testTimeLimits });
