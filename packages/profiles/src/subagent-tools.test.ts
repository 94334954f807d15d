import { resultText, type SubagentManager, type Tool } from '@weft/agent-core';
import { match } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProfile } from './anthropic/anthropic-profile.js';
import { createGeminiProfile } from './gemini/gemini-profile.js';
import { createOpenAIProfile } from './openai/openai-profile.js';
import type { WeftProfile } from './shared/weft-profile.js';
import { answer, calls } from './testing/dialects.js';
import { type ObjectFacts, toolFacts } from './testing/schema-facts.js';
import {
  eventsOf,
  isSubagentRequest,
  type SessionHarness,
  startSessionHarness,
} from './testing/session-harness.js';

let h: SessionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const call = (name: string, args: Record<string, unknown>) => ({
  type: 'tool_call' as const,
  name,
  arguments: args,
});
/** What the tool returned to the model for the n-th call of the session (0-based). */
const resultOf = (n: number) =>
  resultText(eventsOf(h!.events, 'tool_call_end').filter((e) => !e.agentId)[n]!.data.result);

/** The subagent tools a profile gives a session, built over a stand-in manager (only their schemas are read). */
function subagentTools(profile: WeftProfile): readonly Tool[] {
  return profile.subagentTools!({} as SubagentManager);
}

describe('subagent tool schemas match the reference agents', () => {
  const CASES: Array<[string, WeftProfile, Record<string, ObjectFacts>]> = [
    [
      'Claude Code',
      createAnthropicProfile({ model: 'claude-sonnet-4-6' }),
      {
        Agent: {
          closed: true,
          parameters: {
            description: { type: 'string', required: true },
            prompt: { type: 'string', required: true },
            subagent_type: { type: 'string' },
            model: { type: 'string', enum: ['sonnet', 'opus', 'haiku', 'fable'] },
            run_in_background: { type: 'boolean' },
          },
        },
        SendMessage: {
          closed: true,
          parameters: {
            to: { type: 'string', required: true },
            message: { type: 'string', required: true },
            summary: { type: 'string', maxLength: 200 },
          },
        },
      },
    ],
    [
      'codex',
      createOpenAIProfile({ model: 'gpt-5.1-codex' }),
      {
        send_input: {
          closed: true,
          parameters: {
            target: { type: 'string', required: true },
            message: { type: 'string' },
            items: {
              type: 'array',
              items: {
                closed: true,
                parameters: {
                  type: { type: 'string', required: true },
                  text: { type: 'string' },
                  image_url: { type: 'string' },
                  path: { type: 'string' },
                  name: { type: 'string' },
                  audio_url: { type: 'string' },
                },
              },
            },
            interrupt: { type: 'boolean' },
          },
        },
        wait_agent: {
          closed: true,
          parameters: {
            targets: { type: 'array', required: true, items: { parameters: { '': { type: 'string' } } } },
            timeout_ms: { type: 'number' },
          },
        },
        close_agent: { closed: true, parameters: { target: { type: 'string', required: true } } },
      },
    ],
    [
      'gemini-cli',
      createGeminiProfile({ model: 'gemini-2.5-pro' }),
      {
        invoke_agent: {
          parameters: {
            agent_name: { type: 'string', required: true },
            prompt: { type: 'string', required: true },
            wait_for_previous: { type: 'boolean' },
          },
        },
      },
    ],
  ];

  it.each(CASES)('%s', (_name, profile, expected) => {
    const tools = subagentTools(profile);
    for (const [name, facts] of Object.entries(expected)) {
      const tool = tools.find((candidate) => candidate.name === name);
      expect(tool, name).toBeDefined();
      expect(toolFacts(tool!)).toEqual(facts);
    }
  });

  it("codex's spawn_agent requires nothing and takes message or items", () => {
    const spawn = subagentTools(createOpenAIProfile({ model: 'gpt-5' })).find(
      (tool) => tool.name === 'spawn_agent',
    )!;
    const facts = toolFacts(spawn);
    expect(Object.values(facts.parameters).some((parameter) => parameter.required)).toBe(false);
    expect(Object.keys(facts.parameters)).toEqual([
      'message',
      'items',
      'fork_context',
      'model',
      'reasoning_effort',
    ]);
  });
});

describe("Claude Code's Agent, SendMessage and TaskOutput", () => {
  it('runs an agent to its end and returns its report with the agentId trailer; SendMessage continues it', async () => {
    h = await startSessionHarness(createAnthropicProfile({ model: 'claude-sonnet-4-6' }));
    h.server.when(match.all(isSubagentRequest, match.lastUserText(/^And the tests/)), answer('12 tests.'));
    h.server.when(isSubagentRequest, answer('3 modules.'));
    h.server.enqueue(
      calls(call('Agent', { description: 'Count modules', prompt: 'Count the modules.' })),
      calls(call('SendMessage', { to: 'agent-1', message: 'And the tests?' })),
      answer('3 modules, 12 tests.'),
    );
    await h.session.submit('Survey the project');
    expect(resultOf(0)).toMatch(
      /^3 modules\.\n\nagentId: agent-1 \(use SendMessage with to: 'agent-1' to continue this agent\)\n<usage>turns: 1\nduration_ms: \d+<\/usage>$/,
    );
    expect(resultOf(1)).toMatch(/^12 tests\.\n\nagentId: agent-1 /);
    // The child never gets the subagent tools (the depth limit is 1).
    const childTools = h.server.requests.filter(isSubagentRequest)[0]!.view.tools;
    expect(childTools).toContain('Read');
    expect(childTools).not.toContain('Agent');
    expect(childTools).not.toContain('spawn_agent');
  });

  it('starts an agent in the background and collects its report with TaskOutput', async () => {
    h = await startSessionHarness(createAnthropicProfile({ model: 'claude-sonnet-4-6' }));
    h.server.when(isSubagentRequest, answer('Background report.'));
    h.server.enqueue(
      calls(call('Agent', { description: 'Side task', prompt: 'Do it.', run_in_background: true })),
      calls(call('TaskOutput', { task_id: 'agent-1', block: true, timeout: 10_000 })),
      answer('Collected.'),
    );
    await h.session.submit('Do a side task');
    expect(resultOf(0)).toMatch(/^Async agent launched successfully\.\nagentId: agent-1 /);
    expect(resultOf(1)).toBe(
      [
        '<retrieval_status>success</retrieval_status>',
        '<task_id>agent-1</task_id>',
        '<task_type>local_agent</task_type>',
        '<status>completed</status>',
        '<output>\nBackground report.\n</output>',
      ].join('\n\n'),
    );
  });

  it('answers a message to an unknown agent as an error', async () => {
    h = await startSessionHarness(createAnthropicProfile({ model: 'claude-sonnet-4-6' }));
    h.server.enqueue(calls(call('SendMessage', { to: 'agent-9', message: 'hi' })), answer('Oops.'));
    await h.session.submit('Message an agent');
    const [end] = eventsOf(h.events, 'tool_call_end');
    expect(end!.data.result.isError).toBe(true);
    expect(resultText(end!.data.result)).toBe('No agent with id "agent-9". No agent has been started.');
  });
});

describe("codex's multi-agent tools", () => {
  it('spawn_agent, send_input, wait_agent and close_agent answer in codex JSON', async () => {
    h = await startSessionHarness(createOpenAIProfile({ model: 'gpt-5.1-codex' }));
    h.server.when(match.all(isSubagentRequest, match.lastUserText(/^Also/)), answer('Also done.'));
    h.server.when(isSubagentRequest, answer('Task done.'));
    h.server.enqueue(
      calls(call('spawn_agent', { items: [{ type: 'text', text: 'Do the task.' }] })),
      calls(call('wait_agent', { targets: ['agent-1'], timeout_ms: 1 })),
      calls(call('send_input', { target: 'agent-1', message: 'Also this.' })),
      calls(call('wait_agent', { targets: ['agent-1'] })),
      calls(call('close_agent', { target: 'agent-1' })),
      answer('All done.'),
    );
    await h.session.submit('Delegate');
    expect(JSON.parse(resultOf(0))).toEqual({ agent_id: 'agent-1', nickname: 'agent-1' });
    // timeout_ms is raised to codex's minimum of 10 s, long enough for the agent to finish.
    expect(JSON.parse(resultOf(1))).toEqual({
      status: { 'agent-1': { completed: 'Task done.' } },
      timed_out: false,
    });
    expect(JSON.parse(resultOf(2))).toMatchObject({ agent_id: 'agent-1' });
    expect(JSON.parse(resultOf(3))).toEqual({
      status: { 'agent-1': { completed: 'Also done.' } },
      timed_out: false,
    });
    expect(JSON.parse(resultOf(4))).toEqual({ status: { completed: 'Also done.' } });
    expect(h.requests()[0]!.view.tools).toEqual(
      expect.arrayContaining(['spawn_agent', 'send_input', 'wait_agent', 'close_agent']),
    );
    expect(h.requests()[0]!.view.tools).not.toContain('wait');
  });

  it('refuses a spawn without a task', async () => {
    h = await startSessionHarness(createOpenAIProfile({ model: 'gpt-5.1-codex' }));
    h.server.enqueue(calls(call('spawn_agent', {})), answer('Ok.'));
    await h.session.submit('Delegate nothing');
    expect(resultOf(0)).toBe('Give the new agent its task in message (or as text items).');
  });
});

describe("gemini-cli's invoke_agent", () => {
  it("returns the agent's report, or gemini-cli's failure text when the agent fails", async () => {
    h = await startSessionHarness(createGeminiProfile({ model: 'gemini-2.5-flash' }));
    h.server.when(match.all(isSubagentRequest, match.lastUserText(/^Fail/)), {
      error: { kind: 'invalid_request', message: 'bad request from the child' },
    });
    h.server.when(isSubagentRequest, answer('Investigated: all good.'));
    h.server.enqueue(
      calls(call('invoke_agent', { agent_name: 'codebase_investigator', prompt: 'Investigate.' })),
      calls(call('invoke_agent', { agent_name: 'generalist', prompt: 'Fail, please.' })),
      answer('Done.'),
    );
    await h.session.submit('Investigate twice');
    expect(resultOf(0)).toBe('Investigated: all good.');
    expect(resultOf(1)).toMatch(/^Subagent 'generalist' failed\. Error: /);
  });
});
