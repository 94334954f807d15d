import { readFileSync } from 'node:fs';
import { FakeModelServer, type RecordedRequest } from '@weft/testkit';
import { describe, expect, test } from 'vitest';
import { RpcClient } from '../rpc/rpc-client.js';
import {
  ANSWER,
  COMMAND_MARKER,
  codingTaskTurns,
  EDITED,
  ORIGINAL,
  prepareProject,
  TASK,
  TOOL_NAMES,
} from './coding-task.test-support.js';
import {
  connect,
  createSandbox,
  runWeft,
  type Sandbox,
  TEST_PROVIDERS,
  type TestProvider,
  WEFT_BIN,
} from './weft-process.test-support.js';

interface TaskWorld {
  sandbox: Sandbox;
  server: FakeModelServer;
  model: string;
  file: string;
}

/** A project with the greeting file, a server scripted with the task's four turns, weft pointed at it. */
async function taskWorld(provider: TestProvider): Promise<TaskWorld> {
  const sandbox = createSandbox();
  const file = prepareProject(sandbox);
  const server = await FakeModelServer.start();
  server.enqueue(...codingTaskTurns(provider, sandbox.project));
  return { sandbox, server, model: connect(sandbox, provider, server), file };
}

async function closeWorld(world: TaskWorld): Promise<void> {
  await world.server.close();
  world.sandbox.remove();
}

/** What every mode must have done: read the original, edited it, run the command after the edit. */
function expectTaskDone(world: TaskWorld): void {
  expect(readFileSync(world.file, 'utf8')).toBe(EDITED);
  const requests: RecordedRequest[] = world.server.requests;
  expect(requests).toHaveLength(4);
  expect(requests.every((request) => request.outcome.type === 'turn')).toBe(true);
  const results = (index: number) =>
    requests[index]?.view.messages.flatMap((message) => message.toolResults) ?? [];
  expect(requests[0]?.view.messages.at(-1)?.text).toContain(TASK);
  expect(results(1).at(-1)?.content).toContain(ORIGINAL.trim());
  expect(results(3).at(-1)?.content).toContain(COMMAND_MARKER);
  expect(results(3).at(-1)?.content).toContain(EDITED.trim());
  expect(results(3).every((result) => !result.isError)).toBe(true);
}

describe.concurrent.each(TEST_PROVIDERS)('a task that reads, edits and runs a command (%s)', (provider) => {
  test('print mode prints the answer and exits 0', async () => {
    const world = await taskWorld(provider);
    try {
      const run = await runWeft(['-p', TASK, '--model', world.model], {
        env: world.sandbox.env,
        cwd: world.sandbox.project,
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`${ANSWER}\n`);
      expectTaskDone(world);
    } finally {
      await closeWorld(world);
    }
  });

  test('the task can come on stdin, and --cwd names the project', async () => {
    const world = await taskWorld(provider);
    try {
      const run = await runWeft(['-p', '--cwd', world.sandbox.project, '--model', world.model], {
        env: world.sandbox.env,
        cwd: world.sandbox.home,
        stdin: `${TASK}\n`,
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`${ANSWER}\n`);
      expectTaskDone(world);
    } finally {
      await closeWorld(world);
    }
  });

  test('--output json prints one result object', async () => {
    const world = await taskWorld(provider);
    try {
      const run = await runWeft(['-p', TASK, '--model', world.model, '--output', 'json'], {
        env: world.sandbox.env,
        cwd: world.sandbox.project,
      });
      expect(run.code).toBe(0);
      const lines = run.lines();
      expect(lines).toHaveLength(1);
      const [result] = lines;
      expect(result).toMatchObject({
        type: 'result',
        schemaVersion: 1,
        answer: ANSWER,
        stopReason: 'completed',
        isError: false,
        exitCode: 0,
        turns: 4,
        toolRounds: 3,
      });
      expect(result?.sessionId).toEqual(expect.any(String));
      expect(result?.durationMs).toEqual(expect.any(Number));
      const [slash] = [world.model.indexOf('/')];
      expect(result?.models).toEqual([
        expect.objectContaining({
          provider: world.model.slice(0, slash),
          model: world.model.slice(slash + 1),
          calls: 4,
        }),
      ]);
      expect(result?.usage).toMatchObject({ inputTokens: 4_200, outputTokens: 170 });
      expectTaskDone(world);
    } finally {
      await closeWorld(world);
    }
  });

  test('--output stream-json prints every event as it happens, then the result line', async () => {
    const world = await taskWorld(provider);
    try {
      const run = await runWeft(['-p', TASK, '--model', world.model, '--output', 'stream-json'], {
        env: world.sandbox.env,
        cwd: world.sandbox.project,
      });
      expect(run.code).toBe(0);
      const lines = run.lines();
      const init = lines[0];
      const result = lines.at(-1);
      expect(init).toMatchObject({
        type: 'init',
        schemaVersion: 1,
        mode: 'print',
        cwd: world.sandbox.project,
      });
      expect(init?.tools).toEqual(expect.arrayContaining(Object.values(TOOL_NAMES[provider])));
      const events = lines.slice(1, -1);
      expect(events.every((line) => line.type === 'event' && line.sessionId === init?.sessionId)).toBe(true);
      const kinds = events.map((line) => line.kind);
      expect(kinds[0]).toBe('session_start');
      expect(kinds.at(-1)).toBe('session_end');
      const started = events
        .filter((line) => line.kind === 'tool_call_start')
        .map((line) => (line.data as { toolName: string }).toolName);
      expect(started).toEqual(Object.values(TOOL_NAMES[provider]));
      expect(kinds.filter((kind) => kind === 'assistant_text_end')).toHaveLength(4);
      expect(kinds).toContain('assistant_text_delta');
      expect(kinds).toContain('processing_end');
      expect(result).toMatchObject({
        type: 'result',
        answer: ANSWER,
        stopReason: 'completed',
        sessionId: init?.sessionId,
      });
      expectTaskDone(world);
    } finally {
      await closeWorld(world);
    }
  });

  test('RPC mode runs the task for a prompt command, with the typed client', async () => {
    const world = await taskWorld(provider);
    const weft = await RpcClient.start({
      bin: WEFT_BIN,
      cwd: world.sandbox.project,
      env: world.sandbox.env,
      args: ['--model', world.model],
    });
    try {
      expect(weft.init).toMatchObject({ type: 'init', mode: 'rpc', cwd: world.sandbox.project });
      const toolCalls: string[] = [];
      weft.onLine((line) => {
        if (line.type === 'event' && line.kind === 'tool_call_start') toolCalls.push(line.data.toolName);
      });
      const result = await weft.promptAndWait(TASK);
      expect(result).toMatchObject({ answer: ANSWER, stopReason: 'completed', turns: 4, isError: false });
      expect(toolCalls).toEqual(Object.values(TOOL_NAMES[provider]));
      expectTaskDone(world);
      expect(await weft.close()).toBe(0);
    } finally {
      await weft.close();
      await closeWorld(world);
    }
  });
});
