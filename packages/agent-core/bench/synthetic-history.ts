import type { Turn } from '../src/history/turn.js';

const TIMESTAMP = '2026-01-01T00:00:00.000Z';
const USAGE = { inputTokens: 1000, outputTokens: 100, totalTokens: 1100 };

/**
 * A realistic history of about `bytes` (as JSON): exchanges of a user request, an assistant turn
 * calling read_file, its ~4 KB result, and a text answer, as a long coding session has.
 */
export function syntheticHistory(bytes: number, provider: string, model: string): Turn[] {
  const turns: Turn[] = [];
  const origin = { provider, model };
  const line = 'export function handle(request: Request): Response { return route(request); }\n';
  const fileText = line.repeat(Math.ceil(4_000 / line.length));
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const callId = `toolu_bench_${i}`;
    const exchange: Turn[] = [
      {
        type: 'user',
        id: `u${i}`,
        timestamp: TIMESTAMP,
        content: [
          { type: 'text', text: `Step ${i}: look at src/module-${i}.ts and tell me what it routes.` },
        ],
      },
      {
        type: 'assistant',
        id: `a${i}`,
        timestamp: TIMESTAMP,
        message: {
          role: 'assistant',
          origin,
          content: [
            {
              kind: 'text',
              text: `I will read src/module-${i}.ts first to see how requests are routed there.`,
            },
            {
              kind: 'tool_call',
              toolCall: { id: callId, name: 'read_file', arguments: { file_path: `src/module-${i}.ts` } },
            },
          ],
        },
        usage: USAGE,
        finishReason: { reason: 'tool_calls', raw: 'tool_use' },
        provider,
        model,
      },
      {
        type: 'tool_results',
        id: `r${i}`,
        timestamp: TIMESTAMP,
        results: [
          {
            toolCallId: callId,
            toolName: 'read_file',
            content: [{ type: 'text', text: fileText }],
            isError: false,
          },
        ],
      },
      {
        type: 'assistant',
        id: `b${i}`,
        timestamp: TIMESTAMP,
        message: {
          role: 'assistant',
          origin,
          content: [
            {
              kind: 'text',
              text: `Module ${i} hands every request to route(); nothing else happens there. `.repeat(4),
            },
          ],
        },
        usage: USAGE,
        finishReason: { reason: 'stop', raw: 'end_turn' },
        provider,
        model,
      },
    ];
    for (const turn of exchange) size += JSON.stringify(turn).length;
    turns.push(...exchange);
  }
  return turns;
}
