import { fileURLToPath } from 'node:url';
import { describeReadmeExamples } from '@weft/testkit';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = new URL('../../', import.meta.url);
// Examples import `@weft/agent-core` as a user would; here it is the source, built or not.
const ENTRY = fileURLToPath(new URL('../index.ts', import.meta.url));
// agent-core cannot depend on @weft/env-local (it depends on us); the examples import it as a
// user would, and here it resolves to that package's source, run by tsx like the example.
const ENV_LOCAL = fileURLToPath(new URL('../../../env-local/src/index.ts', import.meta.url));

/**
 * One test per runnable example of a docs page (or the README): it must exit 0 with nothing on
 * stderr, and print what its `console.log(...); // text` comments say.
 */
export function describeDocExamples(doc: URL): void {
  describeReadmeExamples({ describe, it, expect }, doc, PACKAGE_DIR, {
    title: `${doc.pathname.split('/').at(-1)} examples`,
    rewriteImports: { '@weft/agent-core': ENTRY, '@weft/env-local': ENV_LOCAL },
    checkPrintedComments: true,
  });
}
