/**
 * The child process of the session crash-safety test: runs the crash task (crash-script) in a
 * real Session with a JsonlSessionStore, against the fake model server of the parent, and prints
 * one JSON line per event it sees, so the parent can kill it at a chosen point with SIGKILL.
 * Between the two prompts it raises the reasoning effort (an effort_change entry).
 *
 * Usage: crash-child.test-support.ts <provider> <serverUrl> <storeDir> <workDir> <sessionId>
 *
 * Lines: {"kind":"ready"} once set up, then {"kind", "turnId"?, "turnType"?} per session event,
 * then {"kind":"done"}. Writes to a pipe are synchronous on Linux: a line printed is a line the
 * parent gets, even when the process is killed right after.
 */
import { Client } from '@weft/llm';
import type { SessionEvent } from '../events/session-event.js';
import { JsonlSessionStore } from '../store/jsonl-session-store.js';
import { ProcessTestEnvironment } from '../testing/process-test-environment.js';
import {
  CRASH_CONFIG,
  CRASH_PROVIDERS,
  type CrashProvider,
  crashProfile,
  SECOND_PROMPT_EFFORT,
  TASK_PROMPTS,
} from './crash-script.test-support.js';
import { Session } from './session.js';
import { testAdapter } from './testing/harness.js';

/** What the child prints for one event. */
export interface ChildLine {
  kind: string;
  turnId?: string;
  turnType?: string;
}

const [provider, serverUrl, storeDir, workDir, sessionId] = process.argv.slice(2);
if (!isProvider(provider) || !serverUrl || !storeDir || !workDir || !sessionId) {
  throw new Error(
    'usage: crash-child.test-support.ts <provider> <serverUrl> <storeDir> <workDir> <sessionId>',
  );
}

const print = (line: ChildLine): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

const baseUrls = { anthropic: serverUrl, openai: `${serverUrl}/v1`, gemini: serverUrl };
const client = new Client({ providers: [testAdapter(provider, { baseUrls })] });
const session = new Session({
  profile: crashProfile(provider),
  env: new ProcessTestEnvironment(workDir),
  client,
  // The store as a host uses it: every append flushed to disk.
  store: new JsonlSessionStore({ directory: storeDir }),
  sessionId,
  config: CRASH_CONFIG,
  retry: { sleep: async () => {} },
});
session.onAny((event) => print(describe(event)));
print({ kind: 'ready' });

for (const [index, prompt] of TASK_PROMPTS.entries()) {
  // Between the prompts, an entry that is not a turn: the effort the second one runs with.
  if (index > 0) await session.setReasoningEffort(SECOND_PROMPT_EFFORT);
  const result = await session.submit(prompt);
  if (result.stopReason !== 'completed') {
    throw new Error(`the task stopped early: ${result.stopReason} ${JSON.stringify(result.error)}`);
  }
}
await session.close();
await client.close();
print({ kind: 'done' });

function describe(event: SessionEvent): ChildLine {
  if (event.kind === 'turn_appended') {
    const { turn } = (event as SessionEvent<'turn_appended'>).data;
    return { kind: event.kind, turnId: turn.id, turnType: turn.type };
  }
  return { kind: event.kind };
}

function isProvider(value: string | undefined): value is CrashProvider {
  return CRASH_PROVIDERS.some((known) => known === value);
}
