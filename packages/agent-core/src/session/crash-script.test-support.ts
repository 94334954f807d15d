/**
 * What the session crash-safety test runs, shared by the test and its child process: the task
 * (two prompts), the scripted model that answers it, and the profile the session runs with.
 *
 * The model is a pure function of the request: the answer depends only on the last prompt and
 * how many model calls it has had since. So every run of the task (the reference run, each
 * killed run, and the resumed sessions after them) gets the same answers in the same places,
 * whichever process asks and however many ran before on the same server.
 */
import type { RecordedRequest, ScriptedBlock, ScriptedTurn } from '@weft/testkit';
import type { ProviderProfile } from '../profile/provider-profile.js';
import type { TestProvider } from './testing/harness.js';
import { testProfile } from './testing/harness.js';
import { editFileTool, readFileTool, shellTool, writeFileTool } from './testing/test-tools.js';

/** The three native providers: their request shapes and the server's strict rules differ. */
export const CRASH_PROVIDERS = ['anthropic', 'openai', 'gemini'] as const satisfies readonly TestProvider[];
export type CrashProvider = (typeof CRASH_PROVIDERS)[number];

/**
 * The models the sessions use. Gemini's is a gemini-3 model, for which the server also insists
 * that a function call of the current turn is replayed with its thought signature.
 */
export const CRASH_MODELS: Readonly<Record<CrashProvider, string>> = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-5.4',
  gemini: 'gemini-3-flash-preview',
};

/** The prompts the child submits, one after the other. */
export const TASK_PROMPTS = [
  'Task 1: create a.txt and b.txt, check them, then add c.txt and capitalise beta.',
  'Task 2: summarise the three files.',
] as const;

/** The prompt a resumed session is given (with a trial tag after it). */
export const CONTINUE_PROMPT = 'Continue after the crash';

/** The answer the model gives once a resumed session's tool has run. */
export const CONTINUED_TEXT = 'Picked up where the last run stopped.';

const reasoning = (text: string, signature: string): ScriptedBlock => ({
  type: 'reasoning',
  text,
  signature,
  chunks: 12,
});
const call = (name: string, args: Record<string, unknown>): ScriptedBlock => ({
  type: 'tool_call',
  name,
  arguments: args,
  argumentChunks: 16,
});
const say = (text: string): ScriptedBlock => ({ type: 'text', text, chunks: 8 });

/** Small delays between frames, so kills land inside streams as well as between them. */
const STREAM = { faults: { frameDelayMs: 1 } } as const;
const USAGE = { input: 900, output: 60, reasoning: 20 } as const;
const turn = (...content: ScriptedBlock[]): ScriptedTurn => ({ content, usage: USAGE, ...STREAM });

/** Each prompt's model calls in order: tool rounds (parallel ones among them), text, reasoning. */
const SCRIPT: Readonly<Record<string, readonly ScriptedTurn[]>> = {
  [TASK_PROMPTS[0]]: [
    turn(
      reasoning('Two files first; they do not depend on each other.', 'sig-crash-1'),
      call('write_file', { file_path: 'a.txt', content: 'alpha\n' }),
      call('write_file', { file_path: 'b.txt', content: 'beta\n' }),
    ),
    turn(
      reasoning('Check what landed on disk.', 'sig-crash-2'),
      say('Both files are written; checking them.'),
      call('shell', { command: 'sleep 0.02; cat a.txt b.txt' }),
    ),
    turn(
      reasoning('Three independent steps now.', 'sig-crash-3'),
      call('read_file', { file_path: 'a.txt' }),
      call('shell', { command: 'echo gamma > c.txt && sleep 0.02 && echo made c.txt' }),
      call('edit_file', { file_path: 'b.txt', old_string: 'beta', new_string: 'BETA' }),
    ),
    turn(reasoning('All done.', 'sig-crash-4'), say('Task 1 is done: a.txt, b.txt (now BETA) and c.txt.')),
  ],
  [TASK_PROMPTS[1]]: [
    turn(
      reasoning('Read them all at once.', 'sig-crash-5'),
      call('shell', { command: 'cat a.txt b.txt c.txt' }),
    ),
    turn(say('The files hold alpha, BETA and gamma, one word each.')),
  ],
  [CONTINUE_PROMPT]: [
    turn(reasoning('See what is there now.', 'sig-crash-6'), call('shell', { command: 'ls' })),
    turn(say(CONTINUED_TEXT)),
  ],
};

/**
 * The model: finds the last prompt in the request and answers with that prompt's next call. The
 * prompt is in the last user message with text; tool results merged into the same message (as
 * Anthropic carries them) do not change that.
 */
export function crashModel(request: RecordedRequest): ScriptedTurn {
  const messages = request.view.messages;
  let promptIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user' && message.text.trim() !== '') {
      promptIndex = i;
      break;
    }
  }
  const prompt = messages[promptIndex]?.text ?? '';
  // Two prompts in a row may arrive as one message (a resumed session's first prompt after a
  // run killed before the model answered): the later one counts.
  const key = Object.keys(SCRIPT)
    .filter((candidate) => prompt.includes(candidate))
    .sort((a, b) => prompt.lastIndexOf(b) - prompt.lastIndexOf(a))[0];
  const calls = messages.slice(promptIndex + 1).filter((message) => message.role === 'assistant').length;
  const script = key === undefined ? undefined : SCRIPT[key];
  const answer = script?.[calls];
  if (answer === undefined) {
    throw new Error(`crash model: no answer for call ${calls} after prompt ${JSON.stringify(prompt)}`);
  }
  return answer;
}

/** The session's profile for `provider`: the four test tools, parallel calls on, reasoning on. */
export function crashProfile(provider: CrashProvider): ProviderProfile {
  return testProfile({
    provider,
    model: CRASH_MODELS[provider],
    tools: [readFileTool, writeFileTool, editFileTool, shellTool],
    capabilities: { parallelToolCalls: true, reasoning: true },
  });
}

/** The session config both the child and the resumed sessions use (reasoning requested). */
export const CRASH_CONFIG = { reasoningEffort: 'medium' } as const;

/** The effort the child sets before the second prompt. */
export const SECOND_PROMPT_EFFORT = 'high';
