import { type ReadmeExample, readmeExamples, runReadmeExample } from './readme-examples.js';

/** The few vitest functions the README suite needs, passed in so this package never loads vitest itself. */
export interface TestApi {
  describe(name: string, body: () => void): void;
  it: (name: string, body: () => void | Promise<void>, timeout?: number) => void;
  expect(value: unknown): { toBe(expected: unknown): void; toBeGreaterThan(n: number): void };
}

/**
 * Registers one test per runnable README example: each must run to completion with exit code 0
 * and nothing on stderr. In a package's `src/readme.test.ts`:
 *
 *   import { describe, expect, it } from 'vitest';
 *   import { describeReadmeExamples } from '@weft/testkit';
 *   describeReadmeExamples({ describe, it, expect }, new URL('../README.md', import.meta.url), new URL('..', import.meta.url));
 */
export function describeReadmeExamples(
  test: TestApi,
  readme: URL,
  packageDir: URL,
  options: { env?: Record<string, string> } = {},
): void {
  test.describe('README examples', () => {
    const examples: ReadmeExample[] = readmeExamples(readme);
    test.it('has at least one runnable example', () => {
      test.expect(examples.length).toBeGreaterThan(0);
    });
    for (const example of examples) {
      test.it(
        `example ${example.number} (line ${example.line}) runs to completion`,
        async () => {
          const run = await runReadmeExample(example, packageDir, options.env ? { env: options.env } : {});
          test.expect(run.stderr).toBe('');
          test.expect(run.exitCode).toBe(0);
        },
        60_000,
      );
    }
  });
}
