import type { OutputChunk } from '@weft/agent-core';

/**
 * A command that writes lines to stdout and stderr in a fixed order and, after each line, waits
 * until the reader has seen it, so the order in which two pipes deliver is the order of writing
 * even on a loaded machine. The listener acknowledges each line it receives by creating a file
 * `.ack-<n>` in the command's working directory (through `createFile`).
 */
export function orderedWrites(
  lines: ReadonlyArray<readonly ['stdout' | 'stderr', string]>,
  createFile: (name: string) => unknown,
): { command: string; onOutput: (chunk: OutputChunk) => void } {
  const steps = lines.map(([stream, text], index) => {
    const redirect = stream === 'stderr' ? ' >&2' : '';
    return `echo '${text}'${redirect}; until [ -e .ack-${index} ]; do sleep 0.01; done`;
  });
  let seen = 0;
  return {
    command: steps.join('; '),
    onOutput: (chunk) => {
      for (const char of chunk.text) {
        if (char === '\n') void createFile(`.ack-${seen++}`);
      }
    },
  };
}
