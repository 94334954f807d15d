import { PatchApplyError } from '../apply/apply-errors.js';

/** A chunk could not be placed in the file it updates. Messages are codex's, word for word. */
export abstract class ChunkNotFoundError extends PatchApplyError {
  /** The absolute path of the file being updated. */
  declare readonly path: string;

  constructor(message: string, path: string) {
    super(message, path);
  }
}

/** The `@@ <context>` line of a chunk is not in the file (at or after the previous chunk). */
export class ContextNotFoundError extends ChunkNotFoundError {
  override readonly name = 'ContextNotFoundError';
  readonly context: string;

  constructor(path: string, context: string) {
    super(`Failed to find context '${context}' in ${path}`, path);
    this.context = context;
  }
}

/** A chunk's context and removed lines are not in the file (at or after the previous chunk). */
export class ExpectedLinesNotFoundError extends ChunkNotFoundError {
  override readonly name = 'ExpectedLinesNotFoundError';
  readonly expectedLines: readonly string[];

  constructor(path: string, expectedLines: readonly string[]) {
    super(`Failed to find expected lines in ${path}:\n${expectedLines.join('\n')}`, path);
    this.expectedLines = expectedLines;
  }
}
