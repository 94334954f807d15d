/**
 * A long scripted stream through our `stream()` beside iterating the raw SDK stream on the same
 * server: 20 000 text deltas and a 200 KB tool-argument stream (target: ours within 1.15×).
 * Two figures: wall time, and the process's CPU time (user + system), which a busy shared
 * machine disturbs far less. The server runs in this process, so both include its work alike.
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

async function cpuTimeMs(fn: () => Promise<void>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

// Alternate the two, so whatever else the machine does hits both alike.
const wall = { ours: [] as number[], baseline: [] as number[] };
const cpu = { ours: [] as number[], baseline: [] as number[] };
await rawSdk();
await ours();
for (let round = 0; round < 7; round++) {
  wall.baseline.push(await medianTimeMs(rawSdk, 1, 0));
  wall.ours.push(await medianTimeMs(ours, 1, 0));
  cpu.baseline.push(await cpuTimeMs(rawSdk));
  cpu.ours.push(await cpuTimeMs(ours));
}
const name = `anthropic stream: ${TEXT_DELTAS} text deltas + ${ARGUMENT_BYTES / 1024} KB tool arguments`;
const metWall = reportComparison({
  name: `${name} (wall)`,
  ours: median(wall.ours),
  baseline: median(wall.baseline),
  baselineName: 'raw SDK stream',
  unit: 'ms',
  targetRatio: 1.15,
});
const metCpu = reportComparison({
  name: `${name} (CPU)`,
  ours: median(cpu.ours),
  baseline: median(cpu.baseline),
  baselineName: 'raw SDK stream',
  unit: 'ms',
  targetRatio: 1.15,
});
const met = metWall && metCpu;
await server.close();
process.exitCode = met ? 0 : 1;
