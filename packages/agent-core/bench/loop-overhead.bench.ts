/**
 * The loop's own overhead per model call ("turn"): the wall time of a submit minus the time
 * spent inside the model calls (from asking the client for a stream to its last event) and
 * inside the tools, divided by the model calls made. Measured for sessions resumed with 1 MB and
 * 10 MB of history, each printed beside the raw request-building step alone: turning the whole
 * history into a request from scratch, which is what a loop without the message cache would pay
 * every turn. Targets (issue 5): under 3 ms per turn at 1 MB, growing no faster than linearly.
 *
 * The model is the fake server in a child process, answering through the real Anthropic adapter;
 * each submit makes two calls (a tool call, then an answer). @weft/llm's history repair and the
 * SDK's serialisation run inside the client call, so they count as model time; the repair's cost
 * is printed on its own line for reference.
 *
 * Run: `pnpm bench` in packages/agent-core.
 */
import { AnthropicAdapter, Client, type Middleware, repairHistory, type StreamEvent } from '@weft/llm';
import { median, reportAbsolute, reportComparison, startServerProcess } from '@weft/testkit';
import { Type } from 'typebox';
import { RequestBuilder } from '../src/loop/request-builder.js';
import type { ProviderProfile } from '../src/profile/provider-profile.js';
import { Session } from '../src/session/session.js';
import { defineTool, textResult } from '../src/tools/tool.js';
import { ToolRegistry } from '../src/tools/tool-registry.js';
import { EmptyEnvironment } from './memory-environment.js';
import { syntheticHistory } from './synthetic-history.js';

const MODEL = 'claude-sonnet-5-5';
const SUBMITS = 15;
const WARMUP_SUBMITS = 3;
const MB = 1024 * 1024;

let modelMs = 0;
let modelCalls = 0;
let toolMs = 0;

/** Times every model call from the request to its last event, and counts the calls. */
const modelTimer: Middleware = {
  stream: (request, next, options) => ({
    [Symbol.asyncIterator]: () => {
      const inner = next(request, options)[Symbol.asyncIterator]();
      modelCalls++;
      return {
        next: async (): Promise<IteratorResult<StreamEvent>> => {
          const start = performance.now();
          try {
            return await inner.next();
          } finally {
            modelMs += performance.now() - start;
          }
        },
        return: async (): Promise<IteratorResult<StreamEvent>> => {
          await inner.return?.();
          return { value: undefined, done: true };
        },
      };
    },
  }),
};

const readFile = defineTool({
  name: 'read_file',
  description: 'Reads a file.',
  parameters: Type.Object({ file_path: Type.String() }),
  async execute({ file_path }) {
    const start = performance.now();
    const result = textResult(`contents of ${file_path}`);
    toolMs += performance.now() - start;
    return result;
  },
});

const profile: ProviderProfile = {
  id: 'bench',
  provider: 'anthropic',
  model: MODEL,
  tools: () => [readFile],
  buildSystemPrompt: () => 'You are a coding agent. Read before you edit; keep changes small.',
  capabilities: {
    parallelToolCalls: false,
    reasoning: false,
    streaming: true,
    contextWindow: 1_000_000_000,
    vision: false,
  },
  projectDocFiles: ['CLAUDE.md'],
};

// Out of process, so the server's parsing of multi-megabyte requests is not in our figures.
const server = await startServerProcess({
  turns: [
    { content: [{ type: 'tool_call', name: 'read_file', arguments: { file_path: 'src/next.ts' } }] },
    { content: [{ type: 'text', text: 'Done: it routes requests.', chunks: 6 }] },
  ],
  loop: true,
  strict: false,
});
const client = new Client({
  providers: [new AnthropicAdapter({ apiKey: 'bench', baseUrl: server.url })],
  middleware: [modelTimer],
});
const env = new EmptyEnvironment();

interface Figures {
  overheadMs: number;
  scratchBuildMs: number;
  cachedBuildMs: number;
  repairMs: number;
}

async function measure(bytes: number): Promise<Figures> {
  const history = syntheticHistory(bytes, 'anthropic', MODEL);
  const session = new Session({ profile, env, client, history, config: { enableLoopDetection: true } });
  let events = 0;
  session.onAny(() => events++);
  for (let i = 0; i < WARMUP_SUBMITS; i++) await session.submit(`warm up ${i}`);

  const perTurn: number[] = [];
  for (let i = 0; i < SUBMITS; i++) {
    modelMs = 0;
    modelCalls = 0;
    toolMs = 0;
    const start = performance.now();
    await session.submit(`Next step ${i}`);
    const wall = performance.now() - start;
    perTurn.push((wall - modelMs - toolMs) / modelCalls);
  }
  if (events === 0) throw new Error('no events reached the host');

  // The raw step alone: the request built from scratch (a new builder has no cached messages),
  // and built again with its cache warm, as the loop does every turn.
  const registry = new ToolRegistry([readFile]);
  const inputs = () => ({
    selection: { profile, provider: 'anthropic', model: MODEL, reasoningEffort: undefined },
    env,
    registry,
    history: session.history,
    gitSnapshot: undefined,
    instructions: undefined,
    now: new Date(),
  });
  const scratch: number[] = [];
  const cached: number[] = [];
  const warm = new RequestBuilder(() => {});
  await warm.build(inputs());
  const repair: number[] = [];
  for (let i = 0; i < 5; i++) {
    let start = performance.now();
    const built = await new RequestBuilder(() => {}).build(inputs());
    scratch.push(performance.now() - start);
    start = performance.now();
    await warm.build(inputs());
    cached.push(performance.now() - start);
    start = performance.now();
    repairHistory(built.request.messages, { provider: 'anthropic', model: MODEL });
    repair.push(performance.now() - start);
  }
  await session.close();
  return {
    overheadMs: median(perTurn),
    scratchBuildMs: median(scratch),
    cachedBuildMs: median(cached),
    repairMs: median(repair),
  };
}

// A first, small run warms the JIT so the 1 MB figure does not carry the compilation of the loop.
await measure(0.1 * MB);
const small = await measure(1 * MB);
const large = await measure(10 * MB);
await client.close();
await server.close();

let met = true;
for (const [label, figures] of [
  ['1 MB', small],
  ['10 MB', large],
] as const) {
  met =
    reportComparison({
      name: `loop overhead per turn, ${label} history`,
      ours: figures.overheadMs,
      baseline: figures.scratchBuildMs,
      baselineName: 'building the request from scratch',
      unit: 'ms',
    }) && met;
  reportAbsolute({
    name: `  request building with the message cache, ${label}`,
    value: figures.cachedBuildMs,
    unit: 'ms',
  });
  reportAbsolute({
    name: `  @weft/llm history repair inside the client call (counted as model time), ${label}`,
    value: figures.repairMs,
    unit: 'ms',
  });
}
met =
  reportAbsolute({
    name: 'loop overhead per turn at 1 MB',
    value: small.overheadMs,
    unit: 'ms',
    target: 3,
  }) && met;
met =
  reportComparison({
    name: 'growth from 1 MB to 10 MB of history (linear would be 10×)',
    ours: large.overheadMs,
    baseline: small.overheadMs,
    baselineName: '1 MB',
    unit: 'ms',
    targetRatio: 10,
  }) && met;
if (!met) process.exitCode = 1;
