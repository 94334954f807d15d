/** Why a patch could not be parsed. The message is the standalone command's wording. */
export abstract class PatchParseError extends Error {
  /** The reason alone, as codex words it (without the "Invalid patch" prefixes). */
  abstract readonly reason: string;
}

/** The patch as a whole is malformed: its first or last line is not the marker. */
export class InvalidPatchError extends PatchParseError {
  override readonly name = 'InvalidPatchError';
  readonly reason: string;

  constructor(reason: string) {
    super(`Invalid patch: ${reason}`);
    this.reason = reason;
  }
}

/** One hunk is malformed. `lineNumber` counts from 1 at the Begin marker. */
export class InvalidHunkError extends PatchParseError {
  override readonly name = 'InvalidHunkError';
  readonly reason: string;
  readonly lineNumber: number;

  constructor(reason: string, lineNumber: number) {
    super(`Invalid patch hunk on line ${lineNumber}: ${reason}`);
    this.reason = reason;
    this.lineNumber = lineNumber;
  }
}
