/**
 * Stream throughput: per provider, a scripted answer of 20,000 text deltas and one of a 200 KB
 * tool-argument stream, read through our high-level `stream()` and through the raw SDK stream on
 * the same fake server, in the same run. Prints each pair as a ratio (target ≤ 1.15×), twice:
 * wall time, and this process's CPU time (user + system) over the same runs. The fake server runs
 * in a child process, so CPU time is the client side alone (SDK, adapter, our layers): the
 * steadier figure on a busy machine, where wall time also counts waiting for a core. A
 * third and fourth line show the adapter's own stream against the same baseline (no client, no
 * high-level layer), without and with an AbortSignal (stream() always passes one), so a gap can be
 * placed: in the adapter, in its per-event signal handling, or above it.
 *
 *   pnpm bench      (in packages/llm; WEFT_BENCH_RUNS=n for more runs, default 11;
 *                    WEFT_BENCH_PROVIDER=anthropic|openai|gemini|compat for one provider)
 */
import { median, reportComparison, type ScriptedTurn, startServerProcess } from '@weft/testkit';
import { Client } from '../src/client/client.js';
import { stream } from '../src/generate/stream.js';
import { ALL } from '../src/parity/providers.test-support.js';
import { Message } from '../src/types/content.js';
import { RAW_STREAMS } from './raw-sdk-streams.js';

const TEXT_DELTAS = 20_000;
const ARGUMENT_BYTES = 200 * 1024;
const RUNS = Number(process.env.WEFT_BENCH_RUNS ?? 11);
const TARGET = 1.15;

/** 20,000 deltas of a few characters each, like tokens. */
const longText: ScriptedTurn = {
  content: [{ type: 'text', text: 'word '.repeat(TEXT_DELTAS), chunks: 5 }],
};

/** A write_file call whose content argument is 200 KB, streamed in 20-byte pieces (Gemini sends it whole). */
const longArguments: ScriptedTurn = {
  content: [
    {
      type: 'tool_call',
      name: 'write_file',
      arguments: {
        path: 'big.txt',
        content: 'line of generated file content\n'.repeat(Math.ceil(ARGUMENT_BYTES / 31)),
      },
      argumentChunks: 20,
      thoughtSignature: 'bench-sig',
    },
  ],
};

const writeFile = {
  name: 'write_file',
  description: 'Writes a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
};

async function main(): Promise<void> {
  let allMet = true;
  const only = process.env.WEFT_BENCH_PROVIDER;
  for (const provider of ALL.filter((p) => only === undefined || p.id === only)) {
    for (const [label, turn] of [
      [`${TEXT_DELTAS} text deltas`, longText],
      ['200 KB tool arguments', longArguments],
    ] as const) {
      const server = await startServerProcess({ turns: [turn], loop: true, strict: false });
      const client = new Client({ providers: [provider.adapter(server)] });
      const ours = async () => {
        const result = stream({
          client,
          model: provider.model,
          prompt: 'Stream a long answer.',
          tools: [writeFile],
          maxToolRounds: 0,
          maxRetries: 0,
        });
        let events = 0;
        for await (const _event of result) events++;
        return events;
      };
      const raw = () => RAW_STREAMS[provider.id]!(server, provider.model);
      // The adapter alone (no client, no high-level layer), to show where a gap comes from.
      const adapter = provider.adapter(server);
      const request = {
        model: provider.model,
        messages: [Message.user('Stream a long answer.')],
        tools: [writeFile],
      };
      const adapterOnly = async () => {
        let events = 0;
        for await (const _event of adapter.stream(request)) events++;
        return events;
      };
      // With an AbortSignal, as stream() always passes one (for abort, cancel and timeouts).
      const adapterWithSignal = async () => {
        let events = 0;
        for await (const _event of adapter.stream(request, { signal: new AbortController().signal }))
          events++;
        return events;
      };
      // Interleave the runs so drift in the machine's load hits all alike.
      const runs: Record<'ours' | 'raw' | 'adapter' | 'signal', Timing[]> = {
        ours: [],
        raw: [],
        adapter: [],
        signal: [],
      };
      await ours();
      await raw();
      await adapterOnly();
      await adapterWithSignal();
      for (let i = 0; i < RUNS; i++) {
        runs.ours.push(await timed(ours));
        runs.raw.push(await timed(raw));
        runs.adapter.push(await timed(adapterOnly));
        runs.signal.push(await timed(adapterWithSignal));
      }
      const name = `${provider.id.padEnd(9)} ${label.padEnd(22)}`;
      for (const clock of ['wall', 'cpu'] as const) {
        const met = reportComparison({
          name: `${name} ${clock.padEnd(4)} stream()`,
          ours: median(runs.ours.map((run) => run[clock])),
          baseline: median(runs.raw.map((run) => run[clock])),
          baselineName: 'raw SDK stream',
          unit: 'ms',
          targetRatio: TARGET,
        });
        allMet &&= met;
      }
      for (const [what, timings] of [
        ['adapter alone', runs.adapter],
        ['adapter + signal', runs.signal],
      ] as const) {
        reportComparison({
          name: `${name} cpu  ${what}`,
          ours: median(timings.map((run) => run.cpu)),
          baseline: median(runs.raw.map((run) => run.cpu)),
          baselineName: 'raw SDK stream',
          unit: 'ms',
        });
      }
      await server.close();
    }
  }
  if (!allMet) process.exitCode = 1;
}

interface Timing {
  wall: number;
  cpu: number;
}

async function timed(fn: () => Promise<unknown>): Promise<Timing> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await fn();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

await main();
