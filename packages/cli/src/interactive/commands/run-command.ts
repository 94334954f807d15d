import type { SessionSummary } from '@weft/agent-core';
import type { ReasoningEffort } from '@weft/llm';
import { type InteractiveHost, REASONING_EFFORTS, type SessionLike } from '../contract.js';
import { type Line, span } from '../terminal/styled.js';
import { sanitize, truncateToWidth } from '../terminal/width.js';
import { formatCost, formatDate, formatTokens } from '../view/format.js';
import type { Transcript } from '../view/transcript.js';
import { COMMANDS } from './slash-commands.js';

/** What a command may do to the interface. */
export interface CommandContext {
  host: InteractiveHost;
  session: SessionLike;
  transcript: Transcript;
  /** Whether a turn is in progress (only commands marked `whileWorking` run then). */
  isWorking: boolean;
  /** Shows a busy label while a slow command runs (undefined: done). */
  setBusy(label: string | undefined): void;
  /** Makes `session` the current one. */
  switchTo(
    session: SessionLike,
    options: { closePrevious: boolean; replay?: boolean; clearScreen?: boolean },
  ): Promise<void>;
  exit(): Promise<void> | void;
  render(): void;
}

/** The keys, for /help and docs/interactive.md. */
export const KEY_HELP: ReadonlyArray<readonly [string, string]> = [
  ['Enter', 'send; while the agent works: queue a steering message'],
  ['Tab / Alt+Enter', 'while the agent works: queue a follow-up'],
  ['Esc', 'interrupt the turn (queued messages return)'],
  ['Ctrl+C', 'clear the input; twice in a row: exit'],
  ['Ctrl+D', 'exit (when the input is empty)'],
  ['Ctrl+J, or \\ then Enter', 'new line in the input'],
  ['Up / Down', 'move between lines, then through earlier inputs'],
  ['Ctrl+A / Ctrl+E', 'start / end of the line'],
  ['Ctrl+W / Ctrl+U / Ctrl+K', 'delete a word / to line start / to line end'],
  ['Ctrl+L', 'clear the screen'],
  ['Tab (idle)', 'complete a /command'],
];

/** Width of the first column of /help. */
const HELP_COLUMN = 26;

/** Runs the slash command `name` (already validated) with its argument text. */
export async function runCommand(name: string, args: string, context: CommandContext): Promise<void> {
  const { transcript } = context;
  switch (name) {
    case 'help':
      return help(transcript);
    case 'exit':
      await context.exit();
      return;
    case 'model':
      return model(args, context);
    case 'effort':
      return effort(args, context);
    case 'cost':
      return cost(context);
    case 'compact':
      return compact(context);
    case 'sessions':
      return sessions(context);
    case 'resume':
      return resume(args, context);
    case 'fork':
      return fork(context);
    case 'clear':
      return clear(context);
    default:
      transcript.notice(`Unknown command /${name}`, 'error');
  }
}

function help(transcript: Transcript): void {
  const rows: Line[] = [[span('Keys', 'bold')]];
  for (const [key, what] of KEY_HELP) rows.push([span(key.padEnd(HELP_COLUMN), 'accent'), span(what)]);
  rows.push([], [span('Commands', 'bold')]);
  for (const spec of COMMANDS) {
    const usage = `/${spec.name}${spec.usage ? ` ${spec.usage}` : ''}`;
    rows.push([span(usage.padEnd(HELP_COLUMN), 'accent'), span(spec.summary)]);
  }
  transcript.lines(rows);
}

async function model(args: string, context: CommandContext): Promise<void> {
  const { session, transcript, host } = context;
  if (args === '') {
    transcript.notice(`Model: ${session.provider}/${session.model} (profile ${session.profile.id})`, 'plain');
    const known = host.knownModels();
    if (known.length > 0) {
      transcript.notice(`Available: ${known.join(', ')}`);
    }
    transcript.notice('Change it with /model provider/model');
    return;
  }
  await host.setModel(args);
  transcript.notice(`Model set to ${session.provider}/${session.model}.`, 'plain');
}

async function effort(args: string, context: CommandContext): Promise<void> {
  const { session, transcript, host } = context;
  const value = args.toLowerCase();
  if (value === '') {
    transcript.notice(
      `Reasoning effort: ${session.reasoningEffort ?? 'default (the provider decides)'}`,
      'plain',
    );
    transcript.notice(`Change it with /effort ${REASONING_EFFORTS.join('|')}|default`);
    return;
  }
  let level: ReasoningEffort | null;
  if (value === 'default') level = null;
  else if ((REASONING_EFFORTS as readonly string[]).includes(value)) level = value as ReasoningEffort;
  else {
    transcript.notice(`Unknown effort "${args}": use ${REASONING_EFFORTS.join(', ')} or default.`, 'error');
    return;
  }
  await host.setEffort(level);
  transcript.notice(`Reasoning effort set to ${level ?? 'default'}.`, 'plain');
}

function cost(context: CommandContext): void {
  const { session, transcript, host } = context;
  const spend = host.spend();
  const rows: Line[] = [[span('This run', 'bold'), span(` (every model call since weft started)`, 'dim')]];
  for (const entry of spend.models) {
    const usage = entry.usage;
    const detail = [
      `${formatTokens(usage.inputTokens)} in`,
      ...(usage.cacheReadTokens ? [`${formatTokens(usage.cacheReadTokens)} cached`] : []),
      `${formatTokens(usage.outputTokens)} out`,
      `${entry.calls} call${entry.calls === 1 ? '' : 's'}`,
    ].join(', ');
    rows.push([
      span(`${entry.provider}/${entry.model}`, 'accent'),
      span(`  ${detail}  `),
      span(formatCost(entry.costUsd ?? undefined)),
    ]);
  }
  if (spend.models.length === 0) rows.push([span('no model calls yet', 'dim')]);
  rows.push(row('total tokens', formatTokens(spend.tokens)), row('total cost', formatCost(spend.costUsd)));
  const usage = session.usage;
  rows.push(
    [],
    [span('Session ', 'bold'), span(session.id, 'dim')],
    row('input tokens', formatTokens(usage.inputTokens)),
    row('output tokens', formatTokens(usage.outputTokens)),
  );
  transcript.lines(rows);
}

function row(label: string, value: string): Line {
  return [span(label.padEnd(16), 'dim'), span(value)];
}

async function compact(context: CommandContext): Promise<void> {
  const { session, transcript } = context;
  if (context.isWorking) {
    transcript.notice('The conversation will be compacted before the next model call.');
    context.render();
    await session.compact();
    return;
  }
  context.setBusy('Compacting…');
  try {
    await session.compact(); // its events print the outcome
  } finally {
    context.setBusy(undefined);
  }
}

function needsStore(context: CommandContext, what: string): boolean {
  if (context.host.persistent) return true;
  context.transcript.notice(`${what} needs saved sessions, and this one runs with --no-session.`, 'warning');
  return false;
}

async function listed(context: CommandContext): Promise<readonly SessionSummary[]> {
  return context.host.listSessions();
}

async function sessions(context: CommandContext): Promise<void> {
  if (!needsStore(context, '/sessions')) return;
  const list = await listed(context);
  if (list.length === 0) {
    context.transcript.notice('No saved sessions in this folder yet.');
    return;
  }
  context.transcript.lines(sessionTable(list, context.session.id));
  context.transcript.notice('Continue one with /resume <number or id>.');
}

/** The listing: number, id, date, turns, cost and first prompt, one row each, newest first. */
export function sessionTable(
  list: readonly SessionSummary[],
  currentId: string | undefined,
  width = 78,
): Line[] {
  return list.slice(0, 30).map((summary, index) => {
    const current = summary.sessionId === currentId;
    const head = `${String(index + 1).padStart(2)} ${current ? '*' : ' '} ${summary.sessionId.slice(0, 8)}  ${formatDate(summary.updatedAt)}  ${String(summary.turns).padStart(3)} turns  ${formatCost(summary.costUsd).padStart(7)}  `;
    const prompt = sanitize(summary.firstPrompt).replace(/\s+/g, ' ').trim() || '(no prompt)';
    return [
      span(head, current ? 'accent' : 'dim'),
      span(truncateToWidth(prompt, Math.max(8, width - head.length))),
    ];
  });
}

/** A session chosen by its number in the listing, its id, or a unique start of its id. */
export function pickSession(list: readonly SessionSummary[], choice: string): SessionSummary | string {
  if (/^\d+$/.test(choice) && choice.length <= 3) {
    const summary = list[Number(choice) - 1];
    return summary ?? `There is no session number ${choice}: /sessions lists them.`;
  }
  const exact = list.find((summary) => summary.sessionId === choice);
  if (exact) return exact;
  const matches = list.filter((summary) => summary.sessionId.startsWith(choice));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) return `"${choice}" matches ${matches.length} sessions: give more of the id.`;
  return `No session "${choice}" in this folder: /sessions lists them.`;
}

async function resume(args: string, context: CommandContext): Promise<void> {
  if (!needsStore(context, '/resume')) return;
  const { transcript } = context;
  const list = await listed(context);
  if (args === '') {
    if (list.length === 0) transcript.notice('No saved sessions in this folder yet.');
    else {
      transcript.lines(sessionTable(list, context.session.id));
      transcript.notice('Continue one with /resume <number or id>.');
    }
    return;
  }
  const picked = pickSession(list, args);
  if (typeof picked === 'string') {
    transcript.notice(picked, 'error');
    return;
  }
  if (picked.sessionId === context.session.id) {
    transcript.notice('That is the current session.');
    return;
  }
  context.setBusy('Resuming…');
  try {
    const session = await context.host.resumeSession(picked.sessionId);
    await context.switchTo(session, { closePrevious: true, replay: true });
    transcript.notice(`Resumed session ${session.id}.`, 'plain');
  } finally {
    context.setBusy(undefined);
  }
}

async function fork(context: CommandContext): Promise<void> {
  if (!needsStore(context, '/fork')) return;
  const { session, transcript } = context;
  if (session.history.length === 0) {
    transcript.notice('Nothing to fork yet: the session has no turns.');
    return;
  }
  context.setBusy('Forking…');
  try {
    const forked = await context.host.forkSession(session.id, session.leafEntryId ?? undefined);
    await context.switchTo(forked, { closePrevious: true });
    transcript.notice(
      `Forked: now in session ${forked.id} (the original, ${session.id}, is unchanged).`,
      'plain',
    );
  } finally {
    context.setBusy(undefined);
  }
}

async function clear(context: CommandContext): Promise<void> {
  context.setBusy('Starting a new session…');
  try {
    const session = await context.host.newSession();
    await context.switchTo(session, { closePrevious: true, clearScreen: true });
    context.transcript.notice(`New session ${session.id}.`, 'plain');
  } finally {
    context.setBusy(undefined);
  }
}
