import { parseArgs } from 'node:util';
import type { ReasoningEffort } from '@weft/llm';
import { ConfigError } from '../config/config-error.js';
import { oneOf, positiveInteger, positiveNumber } from '../config/parse-settings.js';
import { REASONING_EFFORTS, TOOL_PRESETS, type ToolPreset } from '../config/settings-schema.js';
import { UsageError } from './usage-error.js';

export type Mode = 'interactive' | 'print' | 'rpc';
export type OutputFormat = 'text' | 'json' | 'stream-json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'stream-json'];

/** Which session a run starts from. */
export type SessionStart =
  | { kind: 'new' }
  | { kind: 'continue' }
  | { kind: 'resume'; id: string }
  | { kind: 'fork'; id: string };

/** The command line, checked. Unset options are undefined: settings and defaults fill them later. */
export interface CliArgs {
  command: 'run' | 'sessions' | 'help' | 'version';
  /** Undefined when the command line does not say (interactive on a terminal, else print). */
  mode: Mode | undefined;
  output: OutputFormat | undefined;
  /** The positional words joined, when there are any. */
  task: string | undefined;
  provider: string | undefined;
  model: string | undefined;
  effort: ReasoningEffort | undefined;
  cwd: string | undefined;
  tools: ToolPreset | undefined;
  allowedTools: string[] | undefined;
  maxTurns: number | undefined;
  maxCostUsd: number | undefined;
  systemPromptAppend: string | undefined;
  session: SessionStart;
  noSession: boolean;
  /** `weft sessions --all`. */
  all: boolean;
}

const OPTIONS = {
  print: { type: 'boolean', short: 'p' },
  output: { type: 'string' },
  mode: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string', short: 'm' },
  effort: { type: 'string' },
  cwd: { type: 'string' },
  tools: { type: 'string' },
  'allowed-tools': { type: 'string', multiple: true },
  'max-turns': { type: 'string' },
  'max-cost-usd': { type: 'string' },
  'system-prompt-append': { type: 'string' },
  continue: { type: 'boolean', short: 'c' },
  resume: { type: 'string', short: 'r' },
  fork: { type: 'string' },
  'no-session': { type: 'boolean' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Parses weft's command line (without the node and script arguments). Throws UsageError. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parseWithNode>;
  try {
    parsed = parseWithNode(argv);
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, '.'));
  }
  const { values, positionals } = parsed;
  try {
    return toArgs(values, positionals);
  } catch (error) {
    // Flag values are checked with the settings' checkers; here they are usage errors.
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

function parseWithNode(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
}

type Values = ReturnType<typeof parseWithNode>['values'];

function toArgs(values: Values, positionals: string[]): CliArgs {
  const explicitMode = values.mode === undefined ? undefined : oneOf(values.mode, MODES, '--mode');
  const output = values.output === undefined ? undefined : oneOf(values.output, OUTPUT_FORMATS, '--output');
  let mode = explicitMode;
  if (values.print) {
    if (explicitMode && explicitMode !== 'print')
      throw new UsageError(`--print cannot be combined with --mode ${explicitMode}.`);
    mode = 'print';
  }
  if (output !== undefined) {
    if (mode === 'rpc' || mode === 'interactive') {
      throw new UsageError(`--output is for print mode; --mode ${mode} has its own output.`);
    }
    mode = 'print';
  }
  const starts = [
    values.continue ? 'continue' : undefined,
    values.resume !== undefined ? 'resume' : undefined,
    values.fork !== undefined ? 'fork' : undefined,
  ].filter((start) => start !== undefined);
  if (starts.length > 1)
    throw new UsageError(
      `Choose one of --continue, --resume and --fork (got ${starts.map((s) => `--${s}`).join(' and ')}).`,
    );
  if (starts.length === 1 && values['no-session']) {
    throw new UsageError(`--${starts[0]} needs the saved sessions; it cannot be combined with --no-session.`);
  }
  const session: SessionStart = values.continue
    ? { kind: 'continue' }
    : values.resume !== undefined
      ? { kind: 'resume', id: nonEmpty(values.resume, '--resume') }
      : values.fork !== undefined
        ? { kind: 'fork', id: nonEmpty(values.fork, '--fork') }
        : { kind: 'new' };
  // `weft sessions` (with --all and --output); with -p or --mode, "sessions" is a task like any other.
  const isSessionsCommand =
    positionals.length === 1 && positionals[0] === 'sessions' && !values.print && explicitMode === undefined;
  const command = values.help ? 'help' : values.version ? 'version' : isSessionsCommand ? 'sessions' : 'run';
  const task = command === 'run' && positionals.length > 0 ? positionals.join(' ') : undefined;
  if (mode === 'rpc' && task !== undefined) {
    throw new UsageError('--mode rpc takes its prompts on stdin as JSON commands, not as arguments.');
  }
  return {
    command,
    mode,
    output,
    task,
    provider: optional(values.provider, '--provider'),
    model: optional(values.model, '--model'),
    effort: values.effort === undefined ? undefined : oneOf(values.effort, REASONING_EFFORTS, '--effort'),
    cwd: optional(values.cwd, '--cwd'),
    tools: values.tools === undefined ? undefined : oneOf(values.tools, TOOL_PRESETS, '--tools'),
    allowedTools: values['allowed-tools']?.flatMap(splitList),
    maxTurns:
      values['max-turns'] === undefined
        ? undefined
        : positiveInteger(toNumber(values['max-turns']), '--max-turns'),
    maxCostUsd:
      values['max-cost-usd'] === undefined
        ? undefined
        : positiveNumber(toNumber(values['max-cost-usd']), '--max-cost-usd'),
    systemPromptAppend: optional(values['system-prompt-append'], '--system-prompt-append'),
    session,
    noSession: values['no-session'] === true,
    all: values.all === true,
  };
}

const MODES: readonly Mode[] = ['interactive', 'print', 'rpc'];

function optional(value: string | undefined, flag: string): string | undefined {
  return value === undefined ? undefined : nonEmpty(value, flag);
}

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === '') throw new UsageError(`${flag} needs a value.`);
  return value;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** A number as typed; anything else is passed on as text so the checker's message quotes it. */
function toNumber(text: string): number | string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}
