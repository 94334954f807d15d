import { describe, expect, it } from 'vitest';
import { readmeExamples, runReadmeExample } from './docs/readme-examples.js';

describe('README examples', () => {
  const examples = readmeExamples(new URL('../README.md', import.meta.url));

  it('has at least one runnable example', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [example.number, example.line, example] as const))(
    'example %i (line %i) runs to completion',
    async (_number, _line, example) => {
      const run = await runReadmeExample(example, new URL('..', import.meta.url));
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(0);
    },
    30_000,
  );
});
