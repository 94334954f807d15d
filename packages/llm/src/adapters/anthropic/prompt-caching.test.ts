import { FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Message, type Message as UnifiedMessage } from '../../types/content.js';
import type { Request } from '../../types/request.js';
import {
  adapterFor,
  collect,
  finishOf,
  MODEL,
  type SentTurn,
  sentMessages,
} from './anthropic.test-support.js';
import { placeCacheBreakpoints } from './request/cache-breakpoints.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

const EPHEMERAL = { type: 'ephemeral' } as const;
const TOOLS = [
  { name: 'read_file', description: 'Reads a file.', parameters: { type: 'object', properties: {} } },
  { name: 'list_dir', description: 'Lists a directory.', parameters: { type: 'object', properties: {} } },
];
const SYSTEM = [Message.system('You are a coding agent.'), Message.developer('Project: weft.')];

/** Where the recorded request put breakpoints: "tools.i", "system.i", "messages.i.j". */
function breakpoints(index: number): string[] {
  const body = server.requests[index]?.body ?? {};
  const found: string[] = [];
  const scan = (where: string, blocks: unknown) => {
    if (!Array.isArray(blocks)) return;
    blocks.forEach((block, i) => {
      if ((block as { cache_control?: unknown }).cache_control) found.push(`${where}.${i}`);
    });
  };
  scan('tools', body.tools);
  scan('system', body.system);
  sentMessages(server, index).forEach((turn: SentTurn, i) => {
    scan(`messages.${i}`, turn.content);
  });
  return found;
}

/** Runs an agent-style conversation: each turn's answer and a tool result are appended to the history. */
async function agentTurns(count: number): Promise<UnifiedMessage[]> {
  const adapter = adapterFor(server);
  const history: UnifiedMessage[] = [...SYSTEM, Message.user('Explore the repository.')];
  for (let turn = 0; turn < count; turn++) {
    const id = `toolu_01Turn${turn}`;
    server.enqueue({
      content: [
        { type: 'text', text: `Step ${turn}.` },
        { type: 'tool_call', name: 'list_dir', id, arguments: { path: `dir${turn}` } },
      ],
      usage: { input: 20, cacheRead: turn === 0 ? 0 : 1000 * turn, cacheWrite: 200, output: 10 },
    });
    const response = await adapter.complete({ model: MODEL, messages: history, tools: TOOLS });
    history.push(response.message, Message.toolResult(id, `file${turn}.ts`));
  }
  return history;
}

describe('prompt caching', () => {
  it('U6.3/U6.4/U6.5: the first request gets breakpoints on the last tool, the last system block and the last message, plus the caching beta', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await adapterFor(server).complete({
      model: MODEL,
      messages: [...SYSTEM, Message.user('hi')],
      tools: TOOLS,
    });
    expect(breakpoints(0)).toEqual(['tools.1', 'system.1', 'messages.0.0']);
    const body = server.requests[0]?.body ?? {};
    expect((body.tools as unknown[])[1]).toMatchObject({ name: 'list_dir', cache_control: EPHEMERAL });
    expect((body.system as unknown[])[1]).toEqual({
      type: 'text',
      text: 'Project: weft.',
      cache_control: EPHEMERAL,
    });
    expect(server.requests[0]?.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
  });

  it('U6.4: from the second request on, the stable prefix is marked where the previous request ended, and the new end too', async () => {
    await agentTurns(3);
    // Request 1: [user]. Request 2: [user, assistant, tool results]. Request 3: [..., assistant, tool results].
    expect(breakpoints(0)).toEqual(['tools.1', 'system.1', 'messages.0.0']);
    expect(breakpoints(1)).toEqual(['tools.1', 'system.1', 'messages.0.0', 'messages.2.0']);
    expect(breakpoints(2)).toEqual(['tools.1', 'system.1', 'messages.2.0', 'messages.4.0']);
    // What request 2 wrote at its end is exactly the prefix request 3 marks for reading.
    const endOfSecond = sentMessages(server, 1).slice(0, 3);
    const prefixOfThird = sentMessages(server, 2).slice(0, 3);
    expect(stripCacheControl(prefixOfThird)).toEqual(stripCacheControl(endOfSecond));
    expect(sentMessages(server, 2)[2]?.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_01Turn0',
      cache_control: EPHEMERAL,
    });
    expect(server.requests.every((request) => request.outcome.type === 'turn')).toBe(true);
  });

  it('U6.6/U9.14: cache read and write figures the server reports surface as cacheReadTokens / cacheWriteTokens from turn 2', async () => {
    server.enqueue(
      { content: [{ type: 'text', text: 'one' }], usage: { input: 900, cacheWrite: 1500, output: 5 } },
      {
        content: [{ type: 'text', text: 'two' }],
        usage: { input: 30, cacheRead: 1500, cacheWrite: 40, output: 5 },
      },
    );
    const adapter = adapterFor(server);
    const request: Request = { model: MODEL, messages: [...SYSTEM, Message.user('a')], tools: TOOLS };
    const first = await adapter.complete(request);
    expect(first.usage).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 1500, inputTokens: 2400 });
    const second = finishOf(
      await collect(
        adapter.stream({ ...request, messages: [...request.messages, first.message, Message.user('b')] }),
      ),
    ).response;
    expect(second.usage).toMatchObject({ cacheReadTokens: 1500, cacheWriteTokens: 40, inputTokens: 1570 });
    expect(second.usage.cacheReadTokens).toBeGreaterThan(second.usage.inputTokens / 2);
  });

  it('U6.7: autoCache false places no breakpoints and sends no caching beta', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] }, { content: [{ type: 'text', text: 'ok' }] });
    const adapter = adapterFor(server);
    await adapter.complete({
      model: MODEL,
      messages: [...SYSTEM, Message.user('hi')],
      tools: TOOLS,
      providerOptions: { anthropic: { autoCache: false } },
    });
    await adapter.complete({
      model: MODEL,
      messages: [...SYSTEM, Message.user('hi')],
      tools: TOOLS,
      providerOptions: { anthropic: { auto_cache: false } },
    });
    for (const index of [0, 1]) {
      expect(breakpoints(index)).toEqual([]);
      expect(server.requests[index]?.rawBody).not.toContain('cache_control');
      expect(server.requests[index]?.headers['anthropic-beta']).toBeUndefined();
      expect(server.requests[index]?.body).not.toHaveProperty('autoCache');
    }
  });

  it('counts breakpoints the caller set through provider options toward the limit of four', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await adapterFor(server).complete({
      model: MODEL,
      messages: [...SYSTEM, Message.user('a'), Message.assistant('b'), Message.user('c')],
      tools: TOOLS,
      providerOptions: { anthropic: { cache_control: { type: 'ephemeral', ttl: '1h' } } },
    });
    // One slot is the caller's top-level marker, so the previous-turn breakpoint is the one left out.
    expect(breakpoints(0)).toEqual(['tools.1', 'system.1', 'messages.2.0']);
    expect(server.requests[0]?.body.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(server.requests[0]?.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
  });

  it('never marks a thinking block (the API refuses cache_control there); the last other block takes it', () => {
    const body = placeCacheBreakpoints({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'partial' },
            { type: 'thinking', thinking: 't', signature: 's' },
          ],
        },
      ],
    });
    expect(body.messages[1]?.content).toEqual([
      { type: 'text', text: 'partial', cache_control: EPHEMERAL },
      { type: 'thinking', thinking: 't', signature: 's' },
    ]);
  });

  it('leaves the caller’s objects untouched and never exceeds four breakpoints', () => {
    const system = [{ type: 'text', text: 'a', cache_control: EPHEMERAL }];
    const tools = [{ name: 't', cache_control: EPHEMERAL }];
    const input = {
      system,
      tools,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'x', cache_control: EPHEMERAL }] },
        { role: 'assistant', content: [{ type: 'text', text: 'y' }] },
        { role: 'user', content: [{ type: 'text', text: 'z' }] },
      ],
    };
    const snapshot = structuredClone(input);
    const body = placeCacheBreakpoints(input);
    expect(input).toEqual(snapshot);
    const marked = [body.system, body.tools, ...body.messages.map((m) => m.content)]
      .flat()
      .filter((block) => typeof block === 'object' && 'cache_control' in block && block.cache_control);
    expect(marked).toHaveLength(4);
    expect(body.messages[2]?.content).toEqual([{ type: 'text', text: 'z', cache_control: EPHEMERAL }]);
  });
});

function stripCacheControl(turns: SentTurn[]): SentTurn[] {
  return turns.map((turn) => ({
    ...turn,
    content: turn.content.map(({ cache_control: _marker, ...block }) => block),
  }));
}
