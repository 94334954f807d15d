import type { OutputFormat } from '../args/parse-args.js';
import type { RunConfig } from '../config/run-config.js';
import { type ListedSession, listSessions } from '../runtime/session-listing.js';
import { EXIT } from './exit-codes.js';
import { jsonLine, type ModeIO } from './mode-io.js';

/**
 * `weft sessions`: this directory's saved sessions (every directory's with --all), newest first,
 * as a table (id prefix, date, turns, cost, first prompt) or, with --output json, one JSON array.
 * Needs no API key.
 */
export async function runSessionsCommand(
  config: Pick<RunConfig, 'sessionsDirectory' | 'sessionsRoot' | 'cwd'>,
  options: { all: boolean; output: OutputFormat | undefined },
  io: ModeIO,
): Promise<number> {
  const sessions = await listSessions(config, { all: options.all });
  if (options.output === 'json' || options.output === 'stream-json') {
    io.stdout.write(jsonLine(sessions));
    return EXIT.ok;
  }
  if (sessions.length === 0) {
    io.stderr.write(
      options.all
        ? 'No saved sessions.\n'
        : `No saved sessions for ${config.cwd} ("weft sessions --all" lists every directory's).\n`,
    );
    return EXIT.ok;
  }
  io.stdout.write(formatTable(sessions, options.all));
  return EXIT.ok;
}

/** Columns: id (first 8 characters, enough for --resume), date, turns, cost, first prompt; --all adds the directory. */
export function formatTable(sessions: readonly ListedSession[], withDirectory: boolean): string {
  const rows = sessions.map((session) => [
    session.sessionId.slice(0, 8),
    formatDate(session.updatedAt),
    String(session.turns),
    session.costUsd === undefined ? '-' : `$${session.costUsd.toFixed(4)}`,
    ...(withDirectory ? [session.workingDirectory] : []),
    oneLine(session.firstPrompt),
  ]);
  const header = ['ID', 'DATE', 'TURNS', 'COST', ...(withDirectory ? ['DIRECTORY'] : []), 'FIRST PROMPT'];
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  const last = header.length - 1;
  return table
    .map((row) =>
      row
        .map((cell, column) => (column === last ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/** Local date and time to the minute: `2026-03-14 10:00`. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}
