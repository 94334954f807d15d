/**
 * Thrown by a tool to fail the call with a message for the model. The message should say what
 * went wrong and what to do next ("File not found: a.ts. Check the path with list_dir.").
 */
export class ToolError<TDetails = unknown> extends Error {
  override readonly name = 'ToolError';
  readonly details: TDetails | undefined;

  constructor(message: string, options: { details?: TDetails; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
  }
}
