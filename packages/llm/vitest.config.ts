import { testTimeLimits } from '@weft/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...testTimeLimits,
    projects: [
      { extends: true, test: { name: 'node-fetch', include: ['src/**/*.test.ts'] } },
      // Every adapter suite again, with the SDKs over nodeHttpFetch instead of Node's fetch (the
      // transport the weft command uses): real HTTP, faults and errors included.
      {
        extends: true,
        test: {
          name: 'node-http-fetch',
          include: ['src/adapters/**/*.test.ts'],
          setupFiles: ['src/transport/testing/use-node-http-fetch.ts'],
        },
      },
    ],
  },
});
