/**
 * Crash safety of a whole session (issue 5): a child process runs a real Session (real tools in
 * a real folder, the JSONL store, the official SDK through @weft/llm, the fake model server of
 * this process in strict mode) and is killed with SIGKILL at random points. Each killed run is
 * resumed from its store here, and:
 *
 * - the resumed history is a prefix of what the uninterrupted run produced;
 * - every turn the child announced (its turn_appended event) is in it, and at most the one entry
 *   in flight besides (entries are written before their events);
 * - the next request, built from that history (repaired where the kill cut a tool round), is
 *   accepted by the server's provider-shape validation, and the resumed session completes its
 *   input and keeps writing the same file.
 *
 * The same checks hold for files a kill inside a write would leave (a torn last line), made by
 * cutting the uninterrupted run's file. Kill points and cuts are drawn from a seeded generator:
 * the seed is printed, and WEFT_CRASH_SEED=<seed> draws the same ones again (the moment a
 * signal lands still depends on scheduling).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, MISSING_RESULT_TEXT } from '@weft/llm';
import { createTempDir, FakeModelServer, seededRandom, type TempDir } from '@weft/testkit';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Turn } from '../history/turn.js';
import { historyFromEntries } from '../store/history-from-entries.js';
import { JsonlSessionStore } from '../store/jsonl-session-store.js';
import type { SessionEntry } from '../store/session-store.js';
import { ProcessTestEnvironment } from '../testing/process-test-environment.js';
import type { ChildLine } from './crash-child.test-support.js';
import {
  CONTINUE_PROMPT,
  CONTINUED_TEXT,
  CRASH_CONFIG,
  CRASH_PROVIDERS,
  type CrashProvider,
  crashModel,
  crashProfile,
  SECOND_PROMPT_EFFORT,
  TASK_PROMPTS,
} from './crash-script.test-support.js';
import { Session } from './session.js';
import { testAdapter } from './testing/harness.js';

const TRIALS_PER_PROVIDER = 20;
/** Session files cut inside a line, as a kill inside a write leaves them. */
const TORN_WRITES_PER_PROVIDER = 4;
/** Children running at once. */
const PARALLEL = 2;
const SEED = Number(process.env.WEFT_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SESSION_ID = 'crash';
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

let server: FakeModelServer;
let dir: TempDir;
/** The child, bundled once into one ESM file so each start is quick (tsx would take seconds). */
let childScript: string;
let bundleDir: string;

beforeAll(async () => {
  // Inside the package, so the bundle's imports (@weft/llm, the SDKs) resolve as from its source.
  bundleDir = `${PACKAGE_DIR}node_modules/.cache/weft-crash-child-${process.pid}`;
  mkdirSync(bundleDir, { recursive: true });
  await build({
    entry: { 'crash-child': fileURLToPath(new URL('./crash-child.test-support.ts', import.meta.url)) },
    outDir: bundleDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    // typebox is hundreds of small modules: inlined, the child starts faster.
    noExternal: [/^typebox/],
    config: false,
    dts: false,
    splitting: false,
    silent: true,
  });
  childScript = `${bundleDir}/crash-child.js`;
  server = await FakeModelServer.start({ strict: true });
  server.when(() => true, crashModel);
  dir = createTempDir('weft-session-crash-');
  console.info(`session crash-safety seed: ${SEED} (rerun with WEFT_CRASH_SEED=${SEED})`);
}, 60_000);

afterAll(async () => {
  await server?.close();
  dir?.remove();
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

/** Where a killed (or finished) run left its session. */
interface RunPlace {
  storeDir: string;
  workDir: string;
}

interface ChildRun {
  /** Every line the child printed, the ones after the kill included. */
  lines: ChildLine[];
  /** The child was killed (rather than finishing on its own). */
  killed: boolean;
}

interface KillPlan {
  /** Kill once this many event lines have arrived (0: as soon as the child is ready). */
  afterLines: number;
  /** And this many milliseconds after that. */
  delayMs: number;
}

/** Runs the child to the end, or until `kill` says to SIGKILL it. */
function runChild(provider: CrashProvider, place: RunPlace, kill?: KillPlan): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [childScript, provider, server.url, place.storeDir, place.workDir, SESSION_ID],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines: ChildLine[] = [];
    let pending = '';
    let stderr = '';
    let killSent = false;
    const killNow = () => child.kill('SIGKILL');
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      pending += text;
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) lines.push(JSON.parse(line) as ChildLine);
      const events = lines.filter((line) => line.kind !== 'ready').length;
      if (kill && !killSent && lines.length > 0 && events >= kill.afterLines) {
        killSent = true;
        if (kill.delayMs === 0) killNow();
        else setTimeout(killNow, kill.delayMs);
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') return resolve({ lines, killed: true });
      if (code !== 0) return reject(new Error(`the child failed (exit ${code}): ${stderr}`));
      resolve({ lines, killed: false });
    });
  });
}

/**
 * A turn as far as the comparison goes: what the model and the host see, without the values
 * that differ between runs by design (turn ids and timestamps, tool-call ids and response ids the
 * server hands out, which are replaced by their order of first appearance).
 */
function comparable(turns: readonly Turn[]): unknown[] {
  const ids = new Map<string, string>();
  const idOf = (value: string) => {
    if (!ids.has(value)) ids.set(value, `#${ids.size + 1}`);
    return ids.get(value);
  };
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') {
      if (key === 'timestamp') return '<time>';
      if (key !== undefined && ID_KEYS.has(key)) return idOf(value);
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    return value;
  };
  return turns.map((turn) => walk(turn));
}

const ID_KEYS = new Set(['id', 'toolCallId', 'responseId', 'providerItemId']);

/**
 * Kill points for `trials` runs: the reference run's event lines cut into stretches at each turn
 * it announced, one stretch per trial in turn (so kills land in every part of the run: streams,
 * tool rounds, between prompts), a random line inside it, half the time a few milliseconds later.
 */
function killPlans(reference: ChildRun, trials: number, random: () => number): KillPlan[] {
  const events = reference.lines.filter((line) => line.kind !== 'ready' && line.kind !== 'done');
  const turnEnds = events.flatMap((line, index) => (line.kind === 'turn_appended' ? [index + 1] : []));
  const bounds = [0, ...turnEnds, events.length];
  return Array.from({ length: trials }, (_, trial) => {
    const stretch = trial % (bounds.length - 1);
    const from = stretch === 0 ? 0 : bounds[stretch]! + 1;
    const to = bounds[stretch + 1]!;
    const afterLines = from + Math.floor(random() * (to - from + 1));
    const delayMs = random() < 0.5 ? 0 : Math.floor(random() * 4);
    return { afterLines, delayMs };
  });
}

/** Runs `task(0)` … `task(count - 1)`, `PARALLEL` at a time. */
async function inPool(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
}

/** What a resumed session's checks need to know about the run it continues. */
interface Resumable {
  provider: CrashProvider;
  place: RunPlace;
  /** Ids of the turns the run announced (turn_appended), in order. */
  announced: readonly string[];
  /** The run announced its effort change. */
  effortAnnounced: boolean;
  /** The uninterrupted run's history. */
  reference: readonly Turn[];
  client: Client;
  /** Names the trial in failures and in the prompt that continues it. */
  label: string;
}

/** What resuming one run came to, for the summary. */
interface ResumeOutcome {
  turns: number;
  /** The kill cut a tool round: the last turn is an assistant turn whose calls have no results. */
  cutMidRound: boolean;
  /** What loading the file reported (a torn last line). */
  loadWarnings: readonly string[];
}

/**
 * Resumes the session a run left in `place`, checks it against the uninterrupted run and the
 * run's announcements, and continues it with one more input, which must be accepted and complete.
 */
async function resumeAndCheck(run: Resumable): Promise<ResumeOutcome> {
  const { provider, place, announced, reference, label } = run;
  const store = new JsonlSessionStore({ directory: place.storeDir });
  const loadWarnings = (await store.load(SESSION_ID)).warnings;
  const session = await Session.resume(store, SESSION_ID, {
    profile: crashProfile(provider),
    env: new ProcessTestEnvironment(place.workDir),
    client: run.client,
    config: CRASH_CONFIG,
    retry: { sleep: async () => {} },
  });
  const warnings: string[] = [];
  session.on('warning', (event) => warnings.push(event.data.message));
  let outcome: ResumeOutcome;
  try {
    const resumed = [...session.history];

    // A prefix of the uninterrupted run, turn by turn.
    expect(resumed.length, label).toBeLessThanOrEqual(reference.length);
    expect(comparable(resumed), label).toEqual(comparable(reference).slice(0, resumed.length));
    // Every turn announced is there, under the id its event gave; besides them at most the
    // entry in flight (written, its event not out yet).
    expect(
      resumed.slice(0, announced.length).map((turn) => turn.id),
      label,
    ).toEqual(announced);
    expect(resumed.length - announced.length, label).toBeLessThanOrEqual(1);
    // The effort change is restored once written: it was announced, or a later turn is there.
    const turnsBeforeEffortChange = reference.findIndex(
      (turn) =>
        turn.type === 'user' &&
        turn.content.some((part) => part.type === 'text' && part.text === TASK_PROMPTS[1]),
    );
    if (run.effortAnnounced || resumed.length > turnsBeforeEffortChange) {
      expect(session.reasoningEffort, label).toBe(SECOND_PROMPT_EFFORT);
    } else if (resumed.length < turnsBeforeEffortChange) {
      expect(session.reasoningEffort, label).toBe(CRASH_CONFIG.reasoningEffort);
    }

    // The next input: both its requests pass the server's strict validation, and it completes.
    const prompt = `${CONTINUE_PROMPT} (${label}).`;
    const result = await session.submit(prompt);
    const requests = server.requests.filter((request) =>
      request.view.messages.some((message) => message.text.includes(prompt)),
    );
    expect(
      requests.map((request) => request.outcome),
      label,
    ).toEqual([
      { type: 'turn', status: 200 },
      { type: 'turn', status: 200 },
    ]);
    expect(result, label).toMatchObject({ stopReason: 'completed', text: CONTINUED_TEXT });
    // What loading reported reached the host as warnings.
    expect(warnings.slice(0, loadWarnings.length), label).toEqual(loadWarnings);

    // A round the kill cut short: each of its calls was answered "no result was recorded"
    // (the result's text, or inside Gemini's {"error": ...} response object).
    const last = resumed.at(-1);
    const unanswered =
      last?.type === 'assistant' ? last.message.content.filter((part) => part.kind === 'tool_call') : [];
    const synthetic = requests[0]?.view.messages.flatMap((message) =>
      message.toolResults.filter((toolResult) => toolResult.content.includes(MISSING_RESULT_TEXT)),
    );
    expect(synthetic?.length, label).toBe(unanswered.length);
    outcome = { turns: resumed.length, cutMidRound: unanswered.length > 0, loadWarnings };
  } finally {
    await session.close();
  }

  // The resumed session went on writing the same file (a torn end cut off first): it loads
  // cleanly, as the session ended.
  const reloaded = await store.load(SESSION_ID);
  expect(reloaded.warnings, label).toEqual([]);
  expect(historyFromEntries(reloaded.entries).turns, label).toEqual(session.history);
  return outcome;
}

describe.each(CRASH_PROVIDERS)('a %s session killed with SIGKILL', (provider) => {
  /** Each test draws from its own generator, so it reproduces when run alone. */
  const randomFor = (test: number) =>
    seededRandom(SEED + CRASH_PROVIDERS.indexOf(provider) * 0x9e3779b9 + test * 0x85ebca6b);
  let client: Client;
  let referenceRun: ChildRun;
  let referenceFile: string;
  /** The uninterrupted run's history. */
  let reference: readonly Turn[];

  const placeFor = (name: string): RunPlace => {
    const place = { storeDir: dir.join(provider, name, 'store'), workDir: dir.join(provider, name, 'work') };
    mkdirSync(place.workDir, { recursive: true });
    return place;
  };

  beforeAll(async () => {
    client = new Client({ providers: [testAdapter(provider, server)] });
    // The reference: one run to the end. Tool rounds (parallel ones among them), text and
    // reasoning over two prompts, the effort raised between them.
    const place = placeFor('reference');
    referenceRun = await runChild(provider, place);
    expect(referenceRun.killed).toBe(false);
    const store = new JsonlSessionStore({ directory: place.storeDir });
    referenceFile = store.pathOf(SESSION_ID);
    const rebuilt = historyFromEntries((await store.load(SESSION_ID)).entries);
    reference = rebuilt.turns;
    expect(reference.map((turn) => turn.type)).toEqual([
      'user',
      ...['assistant', 'tool_results', 'assistant', 'tool_results', 'assistant', 'tool_results', 'assistant'],
      'user',
      ...['assistant', 'tool_results', 'assistant'],
    ]);
    expect(rebuilt.reasoningEffort).toBe(SECOND_PROMPT_EFFORT);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
  });

  it(`at ${TRIALS_PER_PROVIDER} random points resumes each time to a prefix of the uninterrupted run, and the server accepts the next request`, async () => {
    const plans = killPlans(referenceRun, TRIALS_PER_PROVIDER, randomFor(0));
    const outcomes: string[] = [];
    let cutMidRound = 0;
    let tornLines = 0;
    await inPool(TRIALS_PER_PROVIDER, async (trial) => {
      const plan = plans[trial]!;
      const label = `${provider} trial ${trial}, seed ${SEED}, kill after ${plan.afterLines} lines + ${plan.delayMs} ms`;
      const place = placeFor(`trial-${trial}`);
      const run = await runChild(provider, place, plan);
      const announced = run.lines.flatMap((line) =>
        line.kind === 'turn_appended' && line.turnId !== undefined ? [line.turnId] : [],
      );
      if (!existsSync(new JsonlSessionStore({ directory: place.storeDir }).pathOf(SESSION_ID))) {
        // Killed before the session file was created: nothing was announced either.
        expect(announced, label).toEqual([]);
        outcomes.push(`${trial}:-`);
        return;
      }
      const effortAnnounced = run.lines.some((line) => line.kind === 'effort_change');
      const outcome = await resumeAndCheck({
        provider,
        place,
        announced,
        effortAnnounced,
        reference,
        client,
        label,
      });
      if (outcome.cutMidRound) cutMidRound++;
      tornLines += outcome.loadWarnings.length;
      outcomes.push(`${trial}:${outcome.turns}${outcome.cutMidRound ? '*' : ''}`);
    });
    console.info(
      `${provider}: ${TRIALS_PER_PROVIDER} kills (trial:turns resumed, * = cut mid tool round, - = before the file): ${outcomes.join(' ')}; torn last lines: ${tornLines}`,
    );
    // The kills landed inside tool rounds too.
    expect(cutMidRound).toBeGreaterThan(0);
    // Dozens of child processes, each killed; with three CPU-bound processes beside the suite this took 43 s.
  }, 240_000);

  it('inside a write resumes without the torn line, and the next write cuts it off', async () => {
    // SIGKILL seldom lands inside the write of a line this short, so these files are the
    // reference file cut inside a random entry line, as such a kill leaves it: the complete
    // lines before it were announced, the cut one was not.
    const random = randomFor(1);
    const lines = readFileSync(referenceFile, 'utf8').split('\n').slice(0, -1);
    for (let cut = 0; cut < TORN_WRITES_PER_PROVIDER; cut++) {
      const line = 1 + Math.floor(random() * (lines.length - 1));
      const text = lines[line]!;
      const kept = 1 + Math.floor(random() * (text.length - 1));
      const place = placeFor(`torn-${cut}`);
      const store = new JsonlSessionStore({ directory: place.storeDir });
      mkdirSync(place.storeDir, { recursive: true });
      writeFileSync(store.pathOf(SESSION_ID), `${lines.slice(0, line).join('\n')}\n${text.slice(0, kept)}`);
      const complete = lines.slice(1, line).map((entry) => JSON.parse(entry) as SessionEntry);
      const outcome = await resumeAndCheck({
        provider,
        place,
        announced: complete.flatMap((entry) => (entry.type === 'turn' ? [entry.id] : [])),
        effortAnnounced: complete.some((entry) => entry.type === 'effort_change'),
        reference,
        client,
        label: `${provider} torn write ${cut}, seed ${SEED}, line ${line} cut after ${kept} of ${text.length} characters`,
      });
      expect(outcome.loadWarnings).toHaveLength(1);
    }
  }, 60_000);
});
