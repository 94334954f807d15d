import { parseUpdateChunk } from './parse-update-chunk.js';
import { InvalidHunkError } from './patch-parse-error.js';
import type { Hunk, UpdateChunk } from './patch-types.js';
import { trimEndRust, trimRust } from './rust-whitespace.js';

const ADD_FILE_MARKER = '*** Add File: ';
const DELETE_FILE_MARKER = '*** Delete File: ';
const UPDATE_FILE_MARKER = '*** Update File: ';
const MOVE_TO_MARKER = '*** Move to: ';

/** Parses the hunk starting at `lines[start]`; returns it and how many lines it used. */
export function parseHunk(
  lines: readonly string[],
  start: number,
  lineNumber: number,
): { hunk: Hunk; consumed: number } {
  // Headers are trimmed first, so indented or padded headers still count.
  const header = trimRust(lines[start] as string);

  if (header.startsWith(ADD_FILE_MARKER)) {
    let contents = '';
    let index = start + 1;
    // An Add with no `+` lines is accepted and creates an empty file, as codex does.
    while (index < lines.length && (lines[index] as string).startsWith('+')) {
      contents += `${(lines[index] as string).slice(1)}\n`;
      index++;
    }
    return {
      hunk: { type: 'add', path: header.slice(ADD_FILE_MARKER.length), contents },
      consumed: index - start,
    };
  }

  if (header.startsWith(DELETE_FILE_MARKER)) {
    return { hunk: { type: 'delete', path: header.slice(DELETE_FILE_MARKER.length) }, consumed: 1 };
  }

  if (header.startsWith(UPDATE_FILE_MARKER)) {
    const path = header.slice(UPDATE_FILE_MARKER.length);
    let index = start + 1;
    let movePath: string | undefined;
    // The move line is matched untrimmed, straight after the header. Its path loses trailing
    // whitespace like the header paths do, so a stray space never ends up in a file name.
    const next = lines[index];
    if (next?.startsWith(MOVE_TO_MARKER)) {
      movePath = trimEndRust(next.slice(MOVE_TO_MARKER.length));
      index++;
    }
    const chunks: UpdateChunk[] = [];
    while (index < lines.length) {
      const line = lines[index] as string;
      // Blank lines between chunks are skipped; a line starting with `*` ends the update.
      if (trimRust(line) === '') {
        index++;
        continue;
      }
      if (line.startsWith('*')) break;
      const { chunk, consumed } = parseUpdateChunk(
        lines,
        index,
        lineNumber + (index - start),
        chunks.length === 0,
      );
      chunks.push(chunk);
      index += consumed;
    }
    if (chunks.length === 0) {
      throw new InvalidHunkError(`Update file hunk for path '${path}' is empty`, lineNumber);
    }
    const hunk: Hunk =
      movePath === undefined ? { type: 'update', path, chunks } : { type: 'update', path, movePath, chunks };
    return { hunk, consumed: index - start };
  }

  throw new InvalidHunkError(
    `'${header}' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'`,
    lineNumber,
  );
}
