import { FakeModelServer, type RecordedRequest, type ScriptedTurn } from '@weft/testkit';
import { describe, expect, test } from 'vitest';
import { RpcClient, RpcError } from '../rpc/rpc-client.js';
import type { RpcOutputLine } from '../rpc/rpc-protocol.js';
import { TOOL_NAMES } from './coding-task.test-support.js';
import {
  connect,
  createSandbox,
  type Sandbox,
  TEST_PROVIDERS,
  type TestProvider,
  WEFT_BIN,
} from './weft-process.test-support.js';

const text = (value: string): ScriptedTurn => ({ content: [{ type: 'text', text: value }] });
const runCommand = (provider: TestProvider, command: string): ScriptedTurn => ({
  content: [{ type: 'tool_call', name: TOOL_NAMES[provider].run, arguments: { command } }],
});

function userTexts(request: RecordedRequest | undefined): string[] {
  return (request?.view.messages ?? []).filter((m) => m.role === 'user' && m.text !== '').map((m) => m.text);
}

async function rpcWorld(provider: TestProvider, extraArgs: string[] = []) {
  const sandbox: Sandbox = createSandbox();
  const server = await FakeModelServer.start();
  const model = connect(sandbox, provider, server);
  const weft = await RpcClient.start({
    bin: WEFT_BIN,
    cwd: sandbox.project,
    env: sandbox.env,
    args: ['--model', model, ...extraArgs],
  });
  const lines: RpcOutputLine[] = [];
  weft.onLine((line) => lines.push(line));
  const nextEvent = (kind: string) => weft.waitFor((line) => line.type === 'event' && line.kind === kind);
  return {
    sandbox,
    server,
    weft,
    lines,
    nextEvent,
    async close() {
      await weft.close();
      await server.close();
      sandbox.remove();
    },
  };
}

describe.concurrent.each(TEST_PROVIDERS)('RPC steering and abort (%s)', (provider) => {
  test('a steer sent while a command runs reaches the model in the next request', async () => {
    const w = await rpcWorld(provider);
    try {
      w.server.enqueue(runCommand(provider, 'sleep 1; echo slept'), text('Switched to the new plan.'));
      const toolStarted = w.nextEvent('tool_call_start');
      const result = w.weft.promptAndWait('Do the slow thing.');
      await toolStarted;
      await w.weft.steer('Stop that and use the new plan.');
      expect(await result).toMatchObject({ stopReason: 'completed', answer: 'Switched to the new plan.' });
      expect(w.server.requests).toHaveLength(2);
      expect(userTexts(w.server.requests[1])).toEqual([
        'Do the slow thing.',
        'Stop that and use the new plan.',
      ]);
      expect(w.lines.some((line) => line.type === 'event' && line.kind === 'steering_injected')).toBe(true);
    } finally {
      await w.close();
    }
  });

  test('abort stops a running command; the conversation goes on in the same session', async () => {
    const w = await rpcWorld(provider);
    try {
      w.server.enqueue(runCommand(provider, 'sleep 30'), text('Here is the answer.'));
      const toolStarted = w.nextEvent('tool_call_start');
      const result = w.weft.promptAndWait('Run the long job.');
      await toolStarted;
      const aborted = await w.weft.abort();
      expect(await result).toMatchObject({ stopReason: 'aborted', isError: true });
      expect(aborted.sessionId).toBe(w.weft.init.sessionId);
      expect(await w.weft.getState()).toMatchObject({ sessionId: w.weft.init.sessionId, state: 'IDLE' });

      const next = await w.weft.promptAndWait('Never mind, just answer.');
      expect(next).toMatchObject({ stopReason: 'completed', answer: 'Here is the answer.' });
      expect(userTexts(w.server.requests[1])).toEqual(['Run the long job.', 'Never mind, just answer.']);
    } finally {
      await w.close();
    }
  });
});

describe.concurrent('RPC commands', () => {
  test('abort during a stalled model stream ends the prompt at once', async () => {
    const w = await rpcWorld('anthropic');
    try {
      w.server.enqueue({
        content: [{ type: 'text', text: 'Thinking about it at length', chunks: 6 }],
        faults: { stall: { afterFrames: 4, ms: 60_000 } },
      });
      const delta = w.nextEvent('assistant_text_delta');
      const result = w.weft.promptAndWait('Take your time.');
      await delta;
      await w.weft.abort();
      expect(await result).toMatchObject({ stopReason: 'aborted' });
    } finally {
      await w.close();
    }
  });

  test('set_model, set_effort, get_state and get_messages', async () => {
    const w = await rpcWorld('anthropic');
    try {
      w.server.enqueue(text('First.'), text('Second.'));
      await w.weft.promptAndWait('one');
      expect(await w.weft.setModel('anthropic/claude-haiku-5-5')).toEqual({
        provider: 'anthropic',
        model: 'claude-haiku-5-5',
        profile: 'anthropic',
      });
      expect(await w.weft.setEffort('low')).toEqual({ effort: 'low' });
      await w.weft.promptAndWait('two');
      expect(w.server.requests.map((request) => request.model)).toEqual([
        'claude-sonnet-5-5',
        'claude-haiku-5-5',
      ]);
      const state = await w.weft.getState();
      expect(state).toMatchObject({
        model: 'claude-haiku-5-5',
        effort: 'low',
        state: 'IDLE',
        persistent: true,
      });
      expect(state.tools).toContain('Bash');
      const { turns } = await w.weft.getMessages();
      expect(turns.map((turn) => turn.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    } finally {
      await w.close();
    }
  });

  test('new_session starts empty; fork continues a copy', async () => {
    const w = await rpcWorld('anthropic');
    try {
      w.server.enqueue(text('Noted.'), text('Fresh start.'), text('From the copy.'));
      await w.weft.promptAndWait('Remember: teal.');
      const original = w.weft.init.sessionId;
      const fresh = await w.weft.newSession();
      expect(fresh.sessionId).not.toBe(original);
      await w.weft.promptAndWait('Hello again.');
      expect(userTexts(w.server.requests[1])).toEqual(['Hello again.']);

      const fork = await w.weft.fork({ sessionId: original });
      expect([original, fresh.sessionId]).not.toContain(fork.sessionId);
      await w.weft.promptAndWait('What colour?');
      expect(userTexts(w.server.requests[2])).toEqual(['Remember: teal.', 'What colour?']);
    } finally {
      await w.close();
    }
  });

  test('a prompt during a run needs a behavior; follow_up runs after it in the same run', async () => {
    const w = await rpcWorld('anthropic');
    try {
      w.server.enqueue(runCommand('anthropic', 'sleep 1'), text('First done.'), text('Follow-up done.'));
      const toolStarted = w.nextEvent('tool_call_start');
      const result = w.weft.promptAndWait('First task.');
      await toolStarted;
      const busy = await w.weft.prompt('Second task.').catch((error: unknown) => error);
      expect(busy).toBeInstanceOf(RpcError);
      expect(busy).toMatchObject({ code: 'busy', command: 'prompt' });
      expect(await w.weft.prompt('Second task.', { behavior: 'follow_up' })).toMatchObject({
        queued: 'follow_up',
      });
      expect(await result).toMatchObject({ stopReason: 'completed', answer: 'Follow-up done.', turns: 3 });
      expect(userTexts(w.server.requests[2])).toEqual(['First task.', 'Second task.']);
    } finally {
      await w.close();
    }
  });

  test('a line that is not a command gets a failure response; shutdown exits 0', async () => {
    const w = await rpcWorld('anthropic', ['--no-session']);
    try {
      const parseFailure = w.weft.waitFor((line) => line.type === 'response' && line.command === 'parse');
      w.weft.child.stdin?.write('this is not json\n');
      expect(await parseFailure).toMatchObject({ id: null, success: false, error: { code: 'parse' } });
      expect((await w.weft.getState()).persistent).toBe(false);
      const invalid = await w.weft.setEffort('extreme' as never).catch((error: unknown) => error);
      expect(invalid).toMatchObject({ code: 'invalid_argument' });
      expect(await w.weft.close()).toBe(0);
    } finally {
      await w.close();
    }
  });
});
