import { fileURLToPath, pathToFileURL } from 'node:url';
import { readmeExamples, runReadmeExample } from '@weft/testkit';
import { describe, expect, it } from 'vitest';

const docs = new URL('../../../docs/anthropic.md', import.meta.url);
const packageDir = fileURLToPath(new URL('../../..', import.meta.url));
const entry = pathToFileURL(fileURLToPath(new URL('./anthropic.docs-support.ts', import.meta.url))).href;

describe('docs/anthropic.md examples', () => {
  const examples = readmeExamples(docs);

  it('has runnable examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  for (const example of examples) {
    it(`example ${example.number} (line ${example.line}) runs to completion`, {
      timeout: 60_000,
    }, async () => {
      // The examples import '@weft/llm' as a user would; here it resolves to the source.
      const code = example.code.replaceAll("from '@weft/llm'", `from '${entry}'`);
      const run = await runReadmeExample({ ...example, code }, packageDir);
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(0);
      // Each `console.log(...); // text` line documents what it prints; the output must say so.
      const documented = [...example.code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map(
        (match) => match[1],
      );
      expect(run.stdout.trimEnd().split('\n')).toEqual(documented);
    });
  }
});
