import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeModelServer, type RecordedRequest } from '@weft/testkit';
import { describe, expect, test } from 'vitest';
import {
  connect,
  createSandbox,
  pricedModel,
  runWeft,
  type Sandbox,
  TEST_PROVIDERS,
  type TestProvider,
} from './weft-process.test-support.js';

const text = (value: string) => ({
  content: [{ type: 'text' as const, text: value }],
  usage: { input: 100, output: 10 },
});

/** The conversation as the request carried it: role and text of each message with text. */
function conversation(request: RecordedRequest | undefined): string[] {
  return (request?.view.messages ?? [])
    .filter((message) => message.text !== '')
    .map((m) => `${m.role}: ${m.text}`);
}

interface World {
  sandbox: Sandbox;
  server: FakeModelServer;
  model: string;
  weft(args: string[]): ReturnType<typeof runWeft>;
  json(args: string[]): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

async function world(provider: TestProvider): Promise<World> {
  const sandbox = createSandbox();
  const server = await FakeModelServer.start();
  const model = connect(sandbox, provider, server);
  const weft = (args: string[]) => runWeft(args, { env: sandbox.env, cwd: sandbox.project });
  return {
    sandbox,
    server,
    model,
    weft,
    async json(args) {
      const run = await weft([...args, '--output', 'json']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      return run.lines()[0] as Record<string, unknown>;
    },
    async close() {
      await server.close();
      sandbox.remove();
    },
  };
}

describe.concurrent.each(TEST_PROVIDERS)('saved sessions (%s)', (provider) => {
  test('--continue and --resume carry the earlier turns into the next request, with the model the session used', async () => {
    const w = await world(provider);
    try {
      w.server.enqueue(text('I will remember 42.'), text('It was 42.'), text('Doubled, 84.'));
      const first = await w.json(['-p', 'Remember the number 42.', '--model', w.model]);

      // No --model: the session's own model and provider are restored.
      const second = await w.json(['--continue', '-p', 'Which number was it?']);
      expect(second.sessionId).toBe(first.sessionId);
      expect(second.answer).toBe('It was 42.');
      expect(conversation(w.server.requests[1])).toEqual([
        'user: Remember the number 42.',
        'assistant: I will remember 42.',
        'user: Which number was it?',
      ]);
      expect(w.server.requests[1]?.model).toBe(w.server.requests[0]?.model);

      const third = await w.json(['--resume', String(first.sessionId).slice(0, 8), '-p', 'And doubled?']);
      expect(third.sessionId).toBe(first.sessionId);
      expect(conversation(w.server.requests[2])).toEqual([
        'user: Remember the number 42.',
        'assistant: I will remember 42.',
        'user: Which number was it?',
        'assistant: It was 42.',
        'user: And doubled?',
      ]);

      const listed = await w.weft(['sessions', '--output', 'json']);
      const [summary] = JSON.parse(listed.stdout) as Record<string, unknown>[];
      expect(summary).toMatchObject({
        sessionId: first.sessionId,
        turns: 3,
        firstPrompt: 'Remember the number 42.',
      });
    } finally {
      await w.close();
    }
  });
});

describe.concurrent('saved sessions', () => {
  test('--fork continues a copy in a new session and leaves the original as it was', async () => {
    const w = await world('anthropic');
    try {
      w.server.enqueue(text('Noted: blue.'), text('Your colour was blue.'));
      const original = await w.json(['-p', 'My colour is blue.', '--model', w.model]);
      const files = () => readdirSync(sessionsDir(w.sandbox)).filter((name) => name.endsWith('.jsonl'));
      const before = readFileSync(join(sessionsDir(w.sandbox), `${original.sessionId}.jsonl`), 'utf8');

      const fork = await w.json(['--fork', String(original.sessionId), '-p', 'What was my colour?']);
      expect(fork.sessionId).not.toBe(original.sessionId);
      expect(conversation(w.server.requests[1])).toEqual([
        'user: My colour is blue.',
        'assistant: Noted: blue.',
        'user: What was my colour?',
      ]);
      expect(readFileSync(join(sessionsDir(w.sandbox), `${original.sessionId}.jsonl`), 'utf8')).toBe(before);
      expect(files().sort()).toEqual([`${fork.sessionId}.jsonl`, `${original.sessionId}.jsonl`].sort());
    } finally {
      await w.close();
    }
  });

  test('weft sessions lists date, first prompt, turns and cost; --all adds the directory', async () => {
    const w = await world('anthropic');
    try {
      // Prices for the test model, from the settings' catalog entries, so the listing has a cost.
      w.sandbox.projectSettings({ models: [pricedModel('claude-sonnet-5-5')] });
      w.server.enqueue(text('Hi there.'));
      await w.json(['-p', 'Say hi   to\nthe team', '--model', w.model]);

      const table = await w.weft(['sessions']);
      expect(table.code).toBe(0);
      const [header, row, ...rest] = table.stdout.trimEnd().split('\n');
      expect(rest).toEqual([]);
      expect(header).toMatch(/^ID\s+DATE\s+TURNS\s+COST\s+FIRST PROMPT$/);
      // 100 input tokens at $3/M and 10 output at $15/M.
      expect(row).toMatch(/^[0-9a-f]{8}\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+1\s+\$0\.0004\s+Say hi to the team$/);

      const all = await w.weft(['sessions', '--all']);
      expect(all.stdout).toContain(w.sandbox.project);
      expect(all.stdout.split('\n')[0]).toMatch(/DIRECTORY/);
    } finally {
      await w.close();
    }
  });

  test('--no-session writes nothing; --continue with nothing saved starts a new session and says so', async () => {
    const w = await world('anthropic');
    try {
      w.server.enqueue(text('One.'), text('Two.'));
      await w.json(['-p', 'first', '--model', w.model, '--no-session']);
      expect(existsSync(join(w.sandbox.home, '.local', 'share', 'weft'))).toBe(false);

      const run = await w.weft(['--continue', '-p', 'second', '--model', w.model]);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('Two.\n');
      expect(run.stderr).toBe(
        `weft: warning: There is no saved session for ${w.sandbox.project} to continue; starting a new one.\n`,
      );
      expect(conversation(w.server.requests[1])).toEqual(['user: second']);
    } finally {
      await w.close();
    }
  });

  test('--resume with an id that matches nothing is a usage error naming it', async () => {
    const w = await world('anthropic');
    try {
      const run = await w.weft(['--resume', 'nope', '-p', 'hi']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^weft: No saved session matches "nope"/);
      expect(w.server.requests).toHaveLength(0);
    } finally {
      await w.close();
    }
  });
});

function sessionsDir(sandbox: Sandbox): string {
  const root = join(sandbox.home, '.local', 'share', 'weft', 'sessions');
  const [folder] = readdirSync(root);
  return join(root, folder ?? '');
}
