import { fileURLToPath } from 'node:url';
import { readmeExamples, runReadmeExample } from '@weft/testkit';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = new URL('../../', import.meta.url);
// agent-core cannot depend on @weft/env-local (it depends on us): examples import it as a user
// would, and here it resolves to that package's source, run by tsx like the example itself.
const ENV_LOCAL = fileURLToPath(new URL('../../../env-local/src/index.ts', import.meta.url));

/**
 * One test per runnable example of a docs page: it must exit 0 with nothing on stderr. The
 * examples import `@weft/agent-core` as a user would; here that resolves to `entry`, a module
 * re-exporting the source, so the page is checked before src/index.ts exports what it shows.
 */
export function describeDocExamples(doc: URL, entry: URL): void {
  const entryPath = fileURLToPath(entry);
  describe(`docs/${doc.pathname.split('/').at(-1)} examples`, () => {
    const examples = readmeExamples(doc);
    it('has a runnable example', () => {
      expect(examples.length).toBeGreaterThan(0);
    });
    for (const example of examples) {
      it(`example ${example.number} (line ${example.line}) runs to completion`, async () => {
        const code = example.code
          .replaceAll("from '@weft/agent-core'", `from ${JSON.stringify(entryPath)}`)
          .replaceAll("from '@weft/env-local'", `from ${JSON.stringify(ENV_LOCAL)}`);
        const run = await runReadmeExample({ ...example, code }, PACKAGE_DIR);
        expect(run.stderr).toBe('');
        expect(run.exitCode).toBe(0);
      }, 60_000);
    }
  });
}
