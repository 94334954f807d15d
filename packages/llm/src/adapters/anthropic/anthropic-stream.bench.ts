/**
 * A long scripted stream through our `stream()` beside iterating the raw SDK stream on the same
 * server: 20 000 text deltas and a 200 KB tool-argument stream (target: ours within 1.15×).
 * Run: `npx tsx src/adapters/anthropic/anthropic-stream.bench.ts` in packages/llm.
 */
import Anthropic from '@anthropic-ai/sdk';
import { FakeModelServer, median, medianTimeMs, reportComparison, type ScriptedTurn } from '@weft/testkit';
import { Message } from '../../types/content.js';
import { AnthropicAdapter } from './anthropic-adapter.js';

const MODEL = 'claude-sonnet-5-5';
const TEXT_DELTAS = 20_000;
const ARGUMENT_BYTES = 200 * 1024;

const argumentsText = JSON.stringify({ path: 'big.ts', content: 'x'.repeat(ARGUMENT_BYTES) });
const turn: ScriptedTurn = {
  content: [
    { type: 'text', text: 'ab'.repeat(TEXT_DELTAS), chunks: 2 },
    { type: 'tool_call', name: 'write_file', arguments: argumentsText, argumentChunks: 100 },
  ],
};
const server = await FakeModelServer.start({ turns: [turn], loop: true });
const tools = [
  { name: 'write_file', description: 'Writes.', parameters: { type: 'object', properties: {} } },
];

const raw = new Anthropic({ apiKey: 'bench', baseURL: server.baseUrls.anthropic, maxRetries: 0 });
const adapter = new AnthropicAdapter({ apiKey: 'bench', baseUrl: server.baseUrls.anthropic });

async function rawSdk(): Promise<void> {
  const stream = await raw.messages.create({
    model: MODEL,
    max_tokens: 16_384,
    stream: true,
    messages: [{ role: 'user', content: 'go' }],
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: { type: 'object' },
    })),
  });
  let events = 0;
  for await (const _event of stream) events++;
  if (events < TEXT_DELTAS) throw new Error('the raw stream lost events');
}

async function ours(): Promise<void> {
  let finished = false;
  for await (const event of adapter.stream({ model: MODEL, messages: [Message.user('go')], tools })) {
    if (event.type === 'finish') finished = true;
  }
  if (!finished) throw new Error('our stream did not finish');
}

// Alternate the two, so whatever else the machine does hits both alike.
const baselineTimes: number[] = [];
const ourTimes: number[] = [];
for (let round = 0; round < 5; round++) {
  baselineTimes.push(await medianTimeMs(rawSdk, 3, 1));
  ourTimes.push(await medianTimeMs(ours, 3, 1));
}
const met = reportComparison({
  name: `anthropic stream: ${TEXT_DELTAS} text deltas + ${ARGUMENT_BYTES / 1024} KB tool arguments`,
  ours: median(ourTimes),
  baseline: median(baselineTimes),
  baselineName: 'raw SDK stream',
  unit: 'ms',
  targetRatio: 1.15,
});
await server.close();
process.exitCode = met ? 0 : 1;
