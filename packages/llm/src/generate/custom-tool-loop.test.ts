import { type FakeModelServer, match, type ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../client/client.js';
import { ALL, startProviders, type TestProvider } from '../parity/providers.test-support.js';
import { Message } from '../types/content.js';
import { CUSTOM_TOOL_PARAMETERS } from '../types/request.js';
import { generate } from './generate.js';
import { defineTool } from './tool.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+one\n*** End Patch\n';

/** A custom tool: freeform text in a grammar, executed with `{ input }`. */
function patchTool(inputs: string[]) {
  return defineTool<{ input: string }>({
    name: 'apply_patch',
    description: 'Edits files with a patch.',
    parameters: CUSTOM_TOOL_PARAMETERS,
    format: { type: 'grammar', syntax: 'lark', definition: 'start: /(.|\\n)+/' },
    execute: async ({ input }) => {
      inputs.push(input);
      return 'Success. Updated the following files:\nA a.txt';
    },
  });
}

/** What each provider's tool list carries for the custom tool. */
function sentTool(provider: TestProvider, body: Record<string, unknown>): unknown {
  const tools = body.tools as Record<string, unknown>[];
  switch (provider.protocol) {
    case 'openai-responses':
      return tools[0];
    case 'anthropic':
      return { name: tools[0]?.name, input_schema: tools[0]?.input_schema };
    case 'openai-chat':
      return (tools[0] as { function: unknown }).function;
    case 'gemini':
      return (tools[0] as { functionDeclarations: unknown[] }).functionDeclarations[0];
  }
}

describe.each(ALL.map((p) => [p.id, p] as const))('a custom tool on %s', (_id, provider) => {
  const custom = provider.protocol === 'openai-responses';

  it(
    custom
      ? 'is offered as a custom tool, runs with { input } from the raw call, and answers with custom_tool_call_output'
      : 'falls back to a function tool taking { input } (with a warning) and runs the same way',
    async () => {
      // Responses models send the patch raw; elsewhere the model fills the function's `input`.
      const call: ScriptedTurn = {
        content: [
          custom
            ? { type: 'tool_call', name: 'apply_patch', arguments: PATCH, custom: true }
            : {
                type: 'tool_call',
                name: 'apply_patch',
                arguments: { input: PATCH },
                thoughtSignature: 'sig-1',
              },
        ],
      };
      server
        .when(match.afterToolResult(), { content: [{ type: 'text', text: 'Added a.txt.' }] })
        .enqueue(call);
      const inputs: string[] = [];
      const result = await generate({
        client,
        model: provider.model,
        provider: provider.name,
        prompt: 'Add a.txt',
        tools: [patchTool(inputs)],
      });

      expect(inputs).toEqual([PATCH]);
      expect(result.text).toBe('Added a.txt.');
      expect(result.steps[0]?.toolCalls[0]).toMatchObject(
        custom ? { type: 'custom', arguments: PATCH } : { arguments: { input: PATCH } },
      );
      const first = server.requests[0]?.body ?? {};
      if (custom) {
        expect(sentTool(provider, first)).toMatchObject({ type: 'custom', format: { syntax: 'lark' } });
        expect(server.requests[1]?.body.input).toContainEqual({
          type: 'custom_tool_call_output',
          call_id: expect.any(String),
          output: 'Success. Updated the following files:\nA a.txt',
        });
        expect(result.steps[0]?.warnings).toEqual([]);
      } else {
        expect(JSON.stringify(sentTool(provider, first))).toContain('"input":{"type":"string"}');
        expect(result.steps[0]?.warnings).toContainEqual({
          code: 'custom_tool_as_function',
          message: expect.stringContaining('apply_patch was sent as a function tool taking { input }'),
        });
      }
    },
  );
});

const withoutCustomTools = ALL.filter((p) => p.protocol !== 'openai-responses');

describe.each(withoutCustomTools.map((p) => [p.id, p] as const))(
  'history with a custom call, sent to %s',
  (_id, provider) => {
    it('replays the custom call as a function call whose arguments are { input }', async () => {
      server.enqueue({ content: [{ type: 'text', text: 'Fine.' }] });
      await client.complete({
        model: provider.model,
        provider: provider.name,
        tools: [patchTool([])],
        messages: [
          Message.user('Add a.txt'),
          {
            role: 'assistant',
            origin: { provider: 'openai', model: 'gpt-5.4' },
            content: [
              {
                kind: 'tool_call',
                toolCall: { id: 'call_P1', name: 'apply_patch', arguments: PATCH, type: 'custom' },
              },
            ],
          },
          Message.toolResult('call_P1', 'Success.', false, 'apply_patch'),
        ],
      });
      // The strict server accepted the history; the call carries the patch as `input`.
      expect(server.requests[0]?.outcome.type).toBe('turn');
      const calls = server.requests[0]?.view.messages.flatMap((message) => message.toolCalls) ?? [];
      expect(calls.map((call) => call.arguments)).toEqual([{ input: PATCH }]);
    });
  },
);
