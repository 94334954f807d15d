import { type FakeModelServer, match, type ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../client/client.js';
import { generate } from '../generate/generate.js';
import { ALL, NATIVE, startProviders, type TestProvider } from '../parity/providers.test-support.js';
import { Message } from '../types/content.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

const TOOL = {
  name: 'read_file',
  description: 'Reads a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  execute: ({ path }: Record<string, unknown>) => `contents of ${String(path)}`,
};

/** A reasoning turn that calls a tool: signed thinking (Anthropic, OpenAI) and a signed call (Gemini). */
function thinkingCallTurn(tag: string): ScriptedTurn {
  return {
    content: [
      { type: 'reasoning', text: `I should read the file (${tag}).`, signature: `reasoning-sig-${tag}` },
      {
        type: 'tool_call',
        name: 'read_file',
        arguments: { path: 'a.ts' },
        thoughtSignature: `call-sig-${tag}`,
      },
    ],
  };
}

/**
 * Produces a real history on `source`: reasoning with signatures, a tool call and its result, and
 * a final answer, every part as the source adapter decoded it.
 */
async function historyFrom(source: TestProvider): Promise<Message[]> {
  server
    .when(
      match.afterToolResult(),
      { content: [{ type: 'text', text: 'It exports one function.' }] },
      { times: 1 },
    )
    .enqueue(thinkingCallTurn(source.id));
  const start = [Message.user('What is in a.ts?')];
  const result = await generate({
    client,
    model: source.model,
    provider: source.name,
    messages: start,
    tools: [TOOL],
    reasoningEffort: 'medium',
  });
  expect(server.requests.map((r) => r.outcome.type)).toEqual(['turn', 'turn']);
  return [...start, ...result.responseMessages];
}

/** Signatures the source handed out, as they would appear in a request body. */
const SIGNATURE_TEXT = /reasoning-sig-|call-sig-/;

describe('a history from one provider, sent to another', () => {
  for (const source of NATIVE) {
    for (const target of ALL.filter((p) => p.id !== source.id)) {
      it(`${source.id} → ${target.id}: the target accepts it, with the source's signatures gone and its reasoning kept as text`, async () => {
        const history = await historyFrom(source);
        // The source's own message really carries signatures (else this test proves nothing).
        expect(JSON.stringify(history)).toMatch(SIGNATURE_TEXT);
        server.reset();
        server.enqueue({ content: [{ type: 'text', text: 'Noted.' }] });
        const result = await generate({
          client,
          model: target.model,
          provider: target.name,
          messages: [...history, Message.user('Summarise that in one line.')],
          tools: [TOOL],
        });
        expect(result.text).toBe('Noted.');
        const sent = server.requests[0]!;
        expect(sent.outcome.type).toBe('turn');
        expect(sent.rawBody).not.toMatch(SIGNATURE_TEXT);
        const assistant = sent.view.messages.filter((m) => m.role === 'assistant');
        expect(assistant.map((m) => m.toolCalls.map((c) => c.name))).toContainEqual(['read_file']);
        if (source.id !== 'gemini') {
          // Gemini sends no thought text unless asked to; the others' reasoning survives as quoted text.
          expect(sent.rawBody).toContain(`I should read the file (${source.id}).`);
        }
      });
    }
  }

  for (const source of NATIVE) {
    it(`${source.id} → the same provider and model: signatures are sent back unchanged`, async () => {
      const history = await historyFrom(source);
      server.reset();
      server.enqueue({ content: [{ type: 'text', text: 'Noted.' }] });
      await generate({
        client,
        model: source.model,
        provider: source.name,
        messages: [...history, Message.user('And then?')],
        tools: [TOOL],
        reasoningEffort: 'medium',
      });
      expect(server.requests[0]!.outcome.type).toBe('turn');
      expect(server.requests[0]!.rawBody).toMatch(SIGNATURE_TEXT);
    });
  }

  for (const source of NATIVE) {
    for (const target of ALL.filter((p) => p.id !== source.id)) {
      // Gemini 3 wants a signature on a current-turn call; for a foreign call the adapter sends the
      // documented skip value, which the fake server (accepting only signatures it issued) refuses.
      // Gemini 2.5 has no such check, so it stands in for Gemini here.
      const model = target.id === 'gemini' ? 'gemini-2.5-flash' : target.model;
      it(`${source.id} → ${target.id} in the middle of a tool loop: the pending result is accepted`, async () => {
        server.enqueue(thinkingCallTurn(source.id));
        const first = await generate({
          client,
          model: source.model,
          provider: source.name,
          prompt: 'What is in a.ts?',
          tools: [TOOL],
          maxToolRounds: 0,
          reasoningEffort: 'medium',
        });
        const call = first.toolCalls[0]!;
        const history = [
          Message.user('What is in a.ts?'),
          ...first.responseMessages,
          Message.toolResult(call.id, 'export const a = 1;', false, call.name),
        ];
        server.reset();
        server.enqueue({ content: [{ type: 'text', text: 'It exports a.' }] });
        const result = await generate({
          client,
          model,
          provider: target.name,
          messages: history,
          tools: [TOOL],
        });
        expect(result.text).toBe('It exports a.');
        expect(server.requests[0]!.outcome.type).toBe('turn');
        expect(server.requests[0]!.rawBody).not.toMatch(SIGNATURE_TEXT);
        expect(server.requests[0]!.view.messages.at(-1)?.toolResults).toHaveLength(1);
      });
    }
  }
});
