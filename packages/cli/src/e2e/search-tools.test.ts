import { FakeModelServer } from '@weft/testkit';
import { describe, expect, test } from 'vitest';
import { connect, createSandbox, runWeft, type TestProvider } from './weft-process.test-support.js';

// The search tools find ripgrep on first use; the built command runs its bundle as a vm.Script,
// where a plain import() is not available, so this is checked through the command itself.
const SEARCHES: Record<'anthropic' | 'gemini', { name: string; arguments: Record<string, unknown> }[]> = {
  anthropic: [
    { name: 'Grep', arguments: { pattern: 'needle', output_mode: 'content' } },
    { name: 'Glob', arguments: { pattern: '**/*.txt' } },
  ],
  gemini: [
    { name: 'grep_search', arguments: { pattern: 'needle' } },
    { name: 'glob', arguments: { pattern: '**/*.txt' } },
  ],
};

describe.concurrent('the built command’s search tools', () => {
  test.each(Object.keys(SEARCHES) as ('anthropic' | 'gemini')[])(
    '%s: the content and file searches run ripgrep and report what they found',
    async (provider) => {
      const server = await FakeModelServer.start({
        turns: [
          ...SEARCHES[provider].map((call) => ({ content: [{ type: 'tool_call' as const, ...call }] })),
          { content: [{ type: 'text', text: 'Found it.' }] },
        ],
      });
      const sandbox = createSandbox();
      try {
        sandbox.write('docs/haystack.txt', 'hay\nneedle in the hay\n');
        const model = connect(sandbox, provider as TestProvider, server);
        const run = await runWeft(
          ['-p', 'Find the needle.', '--model', model, '--output', 'stream-json', '--no-session'],
          {
            env: sandbox.env,
            cwd: sandbox.project,
          },
        );
        expect(run.code).toBe(0);
        const results = run
          .lines()
          .filter((line) => line.kind === 'tool_call_end')
          .map((line) => line.data as { toolName: string; modelText: string });
        expect(results.map((result) => result.toolName)).toEqual(SEARCHES[provider].map((call) => call.name));
        expect(results[0]?.modelText).toContain('needle in the hay');
        expect(results[1]?.modelText).toContain('haystack.txt');
      } finally {
        sandbox.remove();
        await server.close();
      }
    },
  );
});
