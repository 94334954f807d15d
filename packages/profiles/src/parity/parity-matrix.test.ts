import { readFileSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { match, type RecordedRequest } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, calls, DIALECTS, type Dialect, type ProfileSettings } from '../testing/dialects.js';
import {
  eventsOf,
  isSubagentRequest,
  type SessionHarness,
  startSessionHarness,
} from '../testing/session-harness.js';

/**
 * The cross-provider parity matrix of the loop spec (§9.12): 15 cases × the OpenAI, Anthropic
 * and Gemini profiles, each cell a test. Every cell runs a real Session on the real profile, with
 * @weft/env-local in a temp folder and the model scripted on the testkit server behind the
 * official SDK (through @weft/llm), and checks the files, the events and the request bodies.
 */

let harness: SessionHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(dialect: Dialect, settings: ProfileSettings = {}): Promise<SessionHarness> {
  harness = await startSessionHarness(dialect.profile(settings));
  return harness;
}

const file = (h: SessionHarness, path: string) => readFileSync(`${h.dir.path}/${path}`, 'utf8');
const toolResults = (request: RecordedRequest) =>
  request.view.messages.flatMap((message) => message.toolResults);
const lastToolResult = (request: RecordedRequest) => toolResults(request).at(-1)!;

interface ParityCase {
  name: string;
  run(dialect: Dialect): Promise<void>;
}

const CASES: ParityCase[] = [
  {
    name: 'simple file creation',
    async run(d) {
      const h = await start(d);
      h.server.enqueue(
        calls(d.write(h.dir.path, 'hello.py', 'print("Hello World")\n')),
        answer('Created hello.py.'),
      );
      const result = await h.session.submit('Create hello.py that prints Hello World');
      expect(result).toMatchObject({ stopReason: 'completed', text: 'Created hello.py.' });
      expect(file(h, 'hello.py')).toBe('print("Hello World")\n');
      const [end] = eventsOf(h.events, 'tool_call_end');
      expect(end?.data.result.isError ?? false).toBe(false);
    },
  },
  {
    name: 'read a file, then edit it',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('app.py', 'def greet():\n    return "hi"\n');
      h.server.enqueue(
        calls(d.read(h.dir.path, 'app.py')),
        calls(d.edit(h.dir.path, 'app.py', '    return "hi"', '    return "hello"')),
        answer('Done.'),
      );
      await h.session.submit('Make greet say hello');
      expect(file(h, 'app.py')).toBe('def greet():\n    return "hello"\n');
      // The model saw the file's text before it edited it.
      expect(lastToolResult(h.requests()[1]!).content).toContain('def greet():');
    },
  },
  {
    name: 'multi-file edit in one session',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('a.txt', 'alpha\n');
      await h.env.writeFile('b.txt', 'beta\n');
      h.server.enqueue(
        calls(d.edit(h.dir.path, 'a.txt', 'alpha', 'ALPHA')),
        calls(d.edit(h.dir.path, 'b.txt', 'beta', 'BETA')),
        answer('Both done.'),
      );
      await h.session.submit('Upper-case both files');
      expect([file(h, 'a.txt'), file(h, 'b.txt')]).toEqual(['ALPHA\n', 'BETA\n']);
      expect(eventsOf(h.events, 'tool_call_end').every((event) => !event.data.result.isError)).toBe(true);
    },
  },
  {
    name: 'shell command execution',
    async run(d) {
      const h = await start(d);
      h.server.enqueue(calls(d.shell('echo parity-$((6*7))')), answer('It printed 42.'));
      await h.session.submit('Run the command');
      const [end] = eventsOf(h.events, 'tool_call_end');
      expect(resultText(end!.data.result)).toContain('parity-42');
      expect(lastToolResult(h.requests()[1]!).content).toContain('parity-42');
    },
  },
  {
    name: 'shell command timeout handling',
    async run(d) {
      const h = await start(d, { commandTimeoutMs: 500 });
      h.server.enqueue(calls(d.shell('sleep 30')), answer('The command timed out; I will not retry it.'));
      const started = performance.now();
      const result = await h.session.submit('Run sleep 30');
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(result.stopReason).toBe('completed');
      const [end] = eventsOf(h.events, 'tool_call_end');
      expect(end!.data.result.isError).toBe(true);
      expect(resultText(end!.data.result)).toMatch(d.timedOut);
      expect(lastToolResult(h.requests()[1]!).content).toMatch(d.timedOut);
    },
  },
  {
    name: 'grep + glob to find files',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('src/server.ts', 'export const PORT = 8080;\n');
      await h.env.writeFile('src/other.ts', 'export const x = 1;\n');
      await h.env.writeFile('notes.md', 'nothing\n');
      // gemini-cli's search ignores case by default, so the pattern must not also match "export".
      h.server.enqueue(calls(d.grep('PORT = '), d.glob('*.ts')), answer('PORT is in src/server.ts.'));
      await h.session.submit('Where is PORT defined?');
      const [grep, glob] = toolResults(h.requests()[1]!);
      expect(grep!.content).toContain('server.ts');
      expect(grep!.content).not.toContain('other.ts');
      expect(glob!.content).toContain('other.ts');
      expect(glob!.content).not.toContain('notes.md');
    },
  },
  {
    name: 'multi-step task (read → analyse → edit)',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('calc.py', 'def add(a, b):\n    return a - b\n');
      h.server.enqueue(
        calls(d.read(h.dir.path, 'calc.py')),
        {
          content: [
            { type: 'text', text: 'add subtracts instead of adding; fixing it.' },
            d.edit(h.dir.path, 'calc.py', '    return a - b', '    return a + b'),
          ],
        },
        calls(d.shell('python3 -c "import calc; print(calc.add(2, 3))"')),
        answer('Fixed: add(2, 3) is 5.'),
      );
      const result = await h.session.submit('add() is wrong; fix it');
      expect(result).toMatchObject({ stopReason: 'completed', toolRounds: 3 });
      expect(file(h, 'calc.py')).toContain('return a + b');
      expect(lastToolResult(h.requests()[3]!).content).toContain('5');
    },
  },
  {
    name: 'tool output truncation (large file)',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('big.txt', 'x'.repeat(100_000));
      h.server.enqueue(calls(d.readWhole(h.dir.path, 'big.txt')), answer('It is 100 000 x characters.'));
      await h.session.submit('Read big.txt');
      const [end] = eventsOf(h.events, 'tool_call_end');
      // The event carries the whole output; the model was sent a cut version with the marker.
      expect(resultText(end!.data.result)).toContain('x'.repeat(100_000));
      expect(end!.data.truncated).toBe(true);
      const sent = lastToolResult(h.requests()[1]!).content;
      expect(sent).toContain('[WARNING: Tool output was truncated.');
      expect(sent.length).toBeLessThan(60_000);
    },
  },
  {
    name: 'parallel tool calls',
    async run(d) {
      const h = await start(d);
      h.server.enqueue(
        calls(d.shell('sleep 0.3; echo first'), d.shell('sleep 0.3; echo second')),
        answer('Both ran.'),
      );
      await h.session.submit('Run both');
      const sequence = h.events
        .filter((event) => event.kind === 'tool_call_start' || event.kind === 'tool_call_end')
        .map((event) => event.kind);
      // Both calls started before either ended: they ran at the same time.
      expect(sequence).toEqual(['tool_call_start', 'tool_call_start', 'tool_call_end', 'tool_call_end']);
      const results = toolResults(h.requests()[1]!);
      expect(results.map((result) => /first/.test(result.content))).toEqual([true, false]);
      expect(results[1]!.content).toContain('second');
    },
  },
  {
    name: 'steering mid-task',
    async run(d) {
      const h = await start(d);
      h.server.enqueue(
        calls(d.shell('sleep 0.5; echo scaffolded')),
        calls(d.write(h.dir.path, 'app.py', 'def health():\n    return "ok"\n')),
        answer('Only /health now.'),
      );
      const stop = h.session.on('tool_call_start', () => {
        stop();
        h.session.steer('Actually, create only a /health endpoint.');
      });
      await h.session.submit('Create a Flask app with several routes');
      expect(eventsOf(h.events, 'steering_injected').map((event) => event.data.text)).toEqual([
        'Actually, create only a /health endpoint.',
      ]);
      // The next request ends with the steering message as user text, after the tool result (in
      // the same user message for Anthropic, which puts tool results in user messages).
      const next = h.requests()[1]!.view.messages;
      const last = next.at(-1)!;
      expect(last.role === 'user' && /only a \/health/.test(last.text)).toBe(true);
      const resultAt = next.findIndex((message) => message.toolResults.length > 0);
      expect(resultAt).toBeGreaterThan(0);
      expect(resultAt).toBeLessThanOrEqual(next.length - 1);
      expect(file(h, 'app.py')).toContain('health');
    },
  },
  {
    name: 'reasoning effort change',
    async run(d) {
      const h = await start(d);
      h.server.enqueue(answer('First.'), answer('Second.'));
      await h.session.submit('Think a little');
      await h.session.setReasoningEffort('high');
      await h.session.submit('Think hard');
      const [before, after] = h.requests().map((request) => reasoningSetting(request));
      expect(before).toBeUndefined();
      expect(after).toBeDefined();
      if (d.id === 'openai') expect(after).toMatchObject({ effort: 'high' });
    },
  },
  {
    name: 'subagent spawn and wait',
    async run(d) {
      const h = await start(d);
      h.server.when(isSubagentRequest, answer('There are 2 Python files.'));
      h.server.enqueue(
        ...d.delegate('Count the Python files in the project.'),
        answer('A subagent counted 2.'),
      );
      const result = await h.session.submit('How many Python files are there? Use a subagent.');
      expect(result.text).toBe('A subagent counted 2.');
      expect(h.events.some((event) => event.agentId === 'agent-1')).toBe(true);
      expect(h.requests()[0]!.view.tools).toContain(d.delegateTool);
      const delivered = toolResults(h.requests().at(-1)!)
        .map((entry) => entry.content)
        .join('\n');
      expect(delivered).toContain('There are 2 Python files.');
    },
  },
  {
    name: 'loop detection triggers a warning',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('same.txt', 'same\n');
      h.server.when(match.lastUserText(/Loop detected/), answer('Stopping the loop.'));
      h.server.enqueue(...Array.from({ length: 12 }, () => calls(d.read(h.dir.path, 'same.txt'))));
      const result = await h.session.submit('Read the file until it changes');
      expect(result.text).toBe('Stopping the loop.');
      expect(eventsOf(h.events, 'loop_detection')).toHaveLength(1);
      expect(eventsOf(h.events, 'tool_call_end')).toHaveLength(10);
    },
  },
  {
    name: 'error recovery (tool fails, model retries)',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('conf.ini', 'mode = slow\n');
      h.server.enqueue(
        calls(d.edit(h.dir.path, 'conf.ini', 'mode = fast', 'mode = turbo')),
        calls(d.edit(h.dir.path, 'conf.ini', 'mode = slow', 'mode = turbo')),
        answer('Set to turbo.'),
      );
      await h.session.submit('Set mode to turbo');
      const ends = eventsOf(h.events, 'tool_call_end');
      expect(ends.map((event) => event.data.result.isError === true)).toEqual([true, false]);
      expect(lastToolResult(h.requests()[1]!).isError || d.id === 'openai').toBe(true);
      expect(file(h, 'conf.ini')).toBe('mode = turbo\n');
    },
  },
  {
    name: 'provider-specific edit format',
    async run(d) {
      const h = await start(d);
      await h.env.writeFile('main.go', 'package main\n\nfunc main() {}\n');
      h.server.enqueue(
        calls(d.edit(h.dir.path, 'main.go', 'func main() {}', 'func main() { run() }')),
        answer('Ok.'),
      );
      await h.session.submit('Call run from main');
      const offered = h.requests()[0]!.view.tools;
      expect(offered).toContain(d.editTool);
      for (const foreign of d.foreignEditTools) expect(offered).not.toContain(foreign);
      expect(eventsOf(h.events, 'tool_call_end')[0]!.data.toolName).toBe(d.editTool);
      expect(file(h, 'main.go')).toBe('package main\n\nfunc main() { run() }\n');
    },
  },
];

/** How the request asked for reasoning, in each protocol's own field; undefined when it did not. */
function reasoningSetting(request: RecordedRequest): Record<string, unknown> | undefined {
  const body = request.body as Record<string, Record<string, unknown> | undefined>;
  switch (request.protocol) {
    case 'anthropic':
      return body.thinking ?? body.output_config;
    case 'openai-responses':
      return body.reasoning;
    default:
      return (body.generationConfig?.thinkingConfig ?? undefined) as Record<string, unknown> | undefined;
  }
}

describe('parity matrix (loop spec §9.12)', () => {
  const cells = CASES.flatMap((entry) =>
    DIALECTS.map((dialect) => [entry.name, dialect.id, entry, dialect] as const),
  );
  it.each(cells)('%s × %s', async (_name, _id, entry, dialect) => {
    await entry.run(dialect);
  });
});
