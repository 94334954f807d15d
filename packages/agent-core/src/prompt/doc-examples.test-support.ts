import { fileURLToPath } from 'node:url';
import { readmeExamples, runReadmeExample } from '@weft/testkit';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = new URL('../../', import.meta.url);
const ENTRY = fileURLToPath(new URL('./docs-entry.test-support.ts', import.meta.url));
// agent-core cannot depend on @weft/env-local (it depends on us); the examples import it as a
// user would, and here it resolves to that package's source, run by tsx like the example.
const ENV_LOCAL = fileURLToPath(new URL('../../../env-local/src/index.ts', import.meta.url));

/**
 * One test per runnable example of a docs page: it must exit 0 with nothing on stderr, and print
 * what its `console.log(...); // text` comments say, in order.
 */
export function describeDocExamples(doc: URL, minimum: number): void {
  describe(`docs/${doc.pathname.split('/').at(-1)} examples`, () => {
    const examples = readmeExamples(doc);

    it(`has at least ${minimum} runnable example(s)`, () => {
      expect(examples.length).toBeGreaterThanOrEqual(minimum);
    });

    for (const example of examples) {
      it(`example ${example.number} (line ${example.line}) runs and prints what its comments say`, async () => {
        const code = example.code
          .replaceAll("from '@weft/agent-core'", `from ${JSON.stringify(ENTRY)}`)
          .replaceAll("from '@weft/env-local'", `from ${JSON.stringify(ENV_LOCAL)}`);
        const run = await runReadmeExample({ ...example, code }, PACKAGE_DIR);
        expect(run.stderr).toBe('');
        expect(run.exitCode).toBe(0);
        const promised = [...example.code.matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) =>
          m[1]?.trim(),
        );
        expect(run.stdout.trimEnd().split('\n')).toEqual(promised);
      }, 60_000);
    }
  });
}
