import type { SessionEvent } from '@weft/agent-core';
import type { OutputFormat } from '../args/parse-args.js';
import type { Session } from '../runtime/agent-core.js';
import type { CliRuntime } from '../runtime/cli-runtime.js';
import { jsonLine, type ModeIO } from './mode-io.js';
import { buildInit, buildResult } from './run-result.js';
import { onStopSignal } from './signals.js';
import type { ResultLine } from './stream-schema.js';

export interface PrintOptions {
  task: string;
  output: OutputFormat;
  /** performance.now() when the command started: the result's duration counts from there. */
  startedAt: number;
}

/**
 * Print mode: one task run to the end in a session (new, continued, resumed or forked as the
 * command line says), then the answer (text), one result object (json), or every event as it
 * happens and then the result (stream-json). Returns the exit code.
 */
export async function runPrint(runtime: CliRuntime, options: PrintOptions, io: ModeIO): Promise<number> {
  const write = (text: string) => io.stdout.write(text);
  const warn = (message: string) => io.stderr.write(`weft: warning: ${message}\n`);
  runtime.onSessionChange((session) => {
    if (options.output === 'stream-json') {
      write(jsonLine(buildInit(session, 'print')));
      session.onAny((event) => write(jsonLine({ type: 'event', ...event })));
    } else if (options.output === 'text') {
      session.onAny((event) => reportToStderr(event, io));
    }
  });
  const session = await runtime.openInitialSession(warn);
  const stop = onStopSignal(() => void runtime.session.abort());
  try {
    const submit = await session.submit(options.task);
    await runtime.close();
    const result = buildResult({
      submit,
      session,
      spend: runtime.cost.report(),
      startedAt: options.startedAt,
      signal: stop.signal,
    });
    writeResult(result, options.output, io, session);
    return result.exitCode;
  } finally {
    stop.dispose();
  }
}

function writeResult(result: ResultLine, output: OutputFormat, io: ModeIO, session: Session): void {
  if (output !== 'text') {
    io.stdout.write(jsonLine(result));
    return;
  }
  if (result.answer !== '')
    io.stdout.write(result.answer.endsWith('\n') ? result.answer : `${result.answer}\n`);
  if (result.stopReason !== 'completed' && result.stopReason !== 'awaiting_input') {
    io.stderr.write(`weft: stopped (${result.stopReason}): ${describeStop(result, session)}\n`);
  }
}

function describeStop(result: ResultLine, session: Session): string {
  switch (result.stopReason) {
    case 'max_turns':
      return 'the --max-turns limit was reached.';
    case 'budget':
      return result.error?.message ?? 'the cost budget is spent.';
    case 'aborted':
      return 'interrupted.';
    case 'context_overflow':
      return `the conversation no longer fits ${session.model}'s context window.`;
    default:
      return result.error?.message ?? 'the run failed.';
  }
}

/** Text mode keeps stdout for the answer; warnings and errors go to stderr as they happen. */
function reportToStderr(event: SessionEvent, io: ModeIO): void {
  if (event.kind === 'warning') io.stderr.write(`weft: warning: ${event.data.message}\n`);
  else if (event.kind === 'error' && event.data.code !== 'BudgetExceededError') {
    io.stderr.write(`weft: error: ${event.data.message}\n`);
  }
}
