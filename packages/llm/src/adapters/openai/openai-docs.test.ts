import { fileURLToPath } from 'node:url';
import { readmeExamples, runReadmeExample } from '@weft/testkit';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = new URL('../../../', import.meta.url);
const ENTRY = fileURLToPath(new URL('./docs-entry.test-support.ts', import.meta.url));
const DOCS = ['openai.md', 'openai-compatible.md'];

for (const doc of DOCS) {
  describe(`docs/${doc}`, () => {
    const examples = readmeExamples(new URL(`../../../docs/${doc}`, import.meta.url));

    it('has runnable examples', () => {
      expect(examples.length).toBeGreaterThanOrEqual(3);
    });

    for (const example of examples) {
      it(`example ${example.number} (line ${example.line}) runs and prints what its comments say`, async () => {
        // `@weft/llm` is this source tree, whether or not the package has been built.
        const code = example.code.replaceAll("from '@weft/llm'", `from ${JSON.stringify(ENTRY)}`);
        const run = await runReadmeExample({ ...example, code }, PACKAGE_DIR, {
          env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '', OPENAI_ORG_ID: '', OPENAI_PROJECT_ID: '' },
        });
        expect(run.stderr).toBe('');
        expect(run.exitCode).toBe(0);
        const promised = printedComments(example.code);
        expect(linesInOrder(run.stdout, promised)).toEqual(promised);
      }, 60_000);
    }
  });
}

/** The output an example promises: the comment after each `console.log(…);`, verbatim. */
function printedComments(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) => m[1]?.trim() ?? '');
}

/** Those of `expected` found as whole lines of `stdout`, in order (so a mismatch shows which). */
function linesInOrder(stdout: string, expected: readonly string[]): string[] {
  const lines = stdout.split('\n');
  const found: string[] = [];
  let from = 0;
  for (const line of expected) {
    const at = lines.indexOf(line, from);
    if (at === -1) break;
    found.push(line);
    from = at + 1;
  }
  return found;
}
