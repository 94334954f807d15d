import { type ReadmeExample, readmeExamples, runReadmeExample } from './readme-examples.js';

/** The few vitest functions the README suite needs, passed in so this package never loads vitest itself. */
export interface TestApi {
  describe(name: string, body: () => void): void;
  it: (name: string, body: () => void | Promise<void>, timeout?: number) => void;
  expect(value: unknown): {
    toBe(expected: unknown): void;
    toEqual(expected: unknown): void;
    toBeGreaterThan(n: number): void;
  };
}

export interface ReadmeExampleOptions {
  /** Variables for the example's process. */
  env?: Record<string, string>;
  /**
   * Module specifiers to replace in `from '…'` clauses before running, e.g. a package's own name
   * mapped to its source, or a package it cannot depend on mapped to that package's source.
   */
  rewriteImports?: Record<string, string>;
  /**
   * Also require that the example prints what its `console.log(...); // text` comments promise,
   * line by line (examples without such comments are not checked).
   */
  checkPrintedComments?: boolean;
  /** The suite's title. Default 'README examples'. */
  title?: string;
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
  options: ReadmeExampleOptions = {},
): void {
  test.describe(options.title ?? 'README examples', () => {
    const examples: ReadmeExample[] = readmeExamples(readme);
    test.it('has at least one runnable example', () => {
      test.expect(examples.length).toBeGreaterThan(0);
    });
    for (const example of examples) {
      test.it(
        `example ${example.number} (line ${example.line}) runs to completion`,
        async () => {
          const code = rewriteImports(example.code, options.rewriteImports ?? {});
          const run = await runReadmeExample(
            { ...example, code },
            packageDir,
            options.env ? { env: options.env } : {},
          );
          test.expect(run.stderr).toBe('');
          test.expect(run.exitCode).toBe(0);
          const promised = printedComments(example.code);
          if (options.checkPrintedComments && promised.length > 0) {
            test.expect(run.stdout.trimEnd().split('\n')).toEqual(promised);
          }
        },
        60_000,
      );
    }
  });
}

function rewriteImports(code: string, map: Record<string, string>): string {
  let out = code;
  for (const [from, to] of Object.entries(map)) {
    out = out
      .replaceAll(`from '${from}'`, `from ${JSON.stringify(to)}`)
      .replaceAll(`from "${from}"`, `from ${JSON.stringify(to)}`);
  }
  return out;
}

/** The texts of `console.log(...); // text` comments, in order. */
function printedComments(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) => (m[1] ?? '').trim());
}
