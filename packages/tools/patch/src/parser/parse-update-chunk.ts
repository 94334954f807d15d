import { InvalidHunkError } from './patch-parse-error.js';
import type { ChunkLine, UpdateChunk } from './patch-types.js';

const EMPTY_CONTEXT_MARKER = '@@';
const CONTEXT_MARKER = '@@ ';
const END_OF_FILE_MARKER = '*** End of File';

/**
 * Parses one chunk of an Update starting at `lines[start]`. The first chunk of an Update may
 * omit its `@@` line; later chunks must start with one. Line numbers in errors follow codex's
 * arithmetic (the line after the chunk's first line), so messages match its output.
 */
export function parseUpdateChunk(
  lines: readonly string[],
  start: number,
  lineNumber: number,
  allowMissingContext: boolean,
): { chunk: UpdateChunk; consumed: number } {
  const first = lines[start];
  if (first === undefined) throw new InvalidHunkError('Update hunk does not contain any lines', lineNumber);

  let changeContext: string | undefined;
  let bodyStart = start + 1;
  if (first === EMPTY_CONTEXT_MARKER) {
    changeContext = undefined;
  } else if (first.startsWith(CONTEXT_MARKER)) {
    changeContext = first.slice(CONTEXT_MARKER.length);
  } else {
    if (!allowMissingContext) {
      throw new InvalidHunkError(
        `Expected update hunk to start with a @@ context marker, got: '${first}'`,
        lineNumber,
      );
    }
    bodyStart = start;
  }
  if (bodyStart >= lines.length) {
    throw new InvalidHunkError('Update hunk does not contain any lines', lineNumber + 1);
  }

  const chunkLines: ChunkLine[] = [];
  let isEndOfFile = false;
  let parsed = 0;
  for (let index = bodyStart; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line === END_OF_FILE_MARKER) {
      if (parsed === 0) throw new InvalidHunkError('Update hunk does not contain any lines', lineNumber + 1);
      isEndOfFile = true;
      parsed++;
      break;
    }
    const marker = line[0];
    if (marker === undefined) {
      // An empty line (the model dropped the leading space) is an empty context line.
      chunkLines.push({ kind: 'context', text: '' });
    } else if (marker === ' ') {
      chunkLines.push({ kind: 'context', text: line.slice(1) });
    } else if (marker === '+') {
      chunkLines.push({ kind: 'add', text: line.slice(1) });
    } else if (marker === '-') {
      chunkLines.push({ kind: 'remove', text: line.slice(1) });
    } else {
      if (parsed === 0) {
        throw new InvalidHunkError(
          `Unexpected line found in update hunk: '${line}'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)`,
          lineNumber + 1,
        );
      }
      // Anything else starts the next chunk or hunk.
      break;
    }
    parsed++;
  }

  const chunk: UpdateChunk = {
    lines: chunkLines,
    oldLines: chunkLines.filter((line) => line.kind !== 'add').map((line) => line.text),
    newLines: chunkLines.filter((line) => line.kind !== 'remove').map((line) => line.text),
    isEndOfFile,
  };
  if (changeContext !== undefined) chunk.changeContext = changeContext;
  return { chunk, consumed: parsed + (bodyStart - start) };
}
