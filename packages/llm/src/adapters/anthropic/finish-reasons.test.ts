import { FakeModelServer, type ScriptedStop } from '@weft/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Message } from '../../types/content.js';
import type { FinishReasonKind } from '../../types/response.js';
import { adapterFor, collect, finishOf, MODEL } from './anthropic.test-support.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await FakeModelServer.start();
});
afterAll(async () => {
  await server.close();
});

const REQUEST = { model: MODEL, messages: [Message.user('hi')] };

describe('finish reasons', () => {
  it.each([
    ['end', 'end_turn', 'stop'],
    ['stop_sequence', 'stop_sequence', 'stop'],
    ['max_tokens', 'max_tokens', 'length'],
    ['tool_calls', 'tool_use', 'tool_calls'],
    ['refusal', 'refusal', 'content_filter'],
    ['context_window_exceeded', 'model_context_window_exceeded', 'length'],
    ['pause_turn', 'pause_turn', 'other'],
  ] as [ScriptedStop, string, FinishReasonKind][])(
    'stop %s (stop_reason %s) is %s, from complete() and stream() alike',
    async (stop, raw, reason) => {
      const turn = { content: [{ type: 'text' as const, text: 'x' }], stop, stopSequence: '###' };
      server.enqueue(turn, turn);
      const adapter = adapterFor(server);
      const whole = await adapter.complete(REQUEST);
      const streamed = finishOf(await collect(adapter.stream(REQUEST)));
      expect(whole.finishReason).toEqual({ reason, raw });
      expect(streamed.finishReason).toEqual({ reason, raw });
    },
  );

  it('an unknown future stop_reason is other, with the raw value kept', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], rawStop: { anthropic: 'brand_new_reason' } });
    const response = await adapterFor(server).complete(REQUEST);
    expect(response.finishReason).toEqual({ reason: 'other', raw: 'brand_new_reason' });
  });
});
