/** Thrown by a call a closed session cannot take (submit, steer, followUp, setModel, ...). */
export class SessionClosedError extends Error {
  override readonly name = 'SessionClosedError';
  constructor(
    readonly sessionId: string,
    action: string,
  ) {
    super(`Session ${sessionId} is closed: ${action} is not possible. Start or resume a session to go on.`);
  }
}

/**
 * Thrown by `submit()` while an input is being processed: two inputs never run at once (pi bug
 * #403, seed 004 §J.9 1.7 and 4.1). Queue the text with `followUp()` or redirect the current
 * work with `steer()` instead.
 */
export class SessionBusyError extends Error {
  override readonly name = 'SessionBusyError';
  constructor(readonly sessionId: string) {
    super(
      `Session ${sessionId} is already processing an input. Use followUp() to queue this one after it, or steer() to redirect the current work.`,
    );
  }
}

/** A store write failed: the turn is not durable, so it is not added to history either. */
export class StoreWriteError extends Error {
  override readonly name = 'StoreWriteError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}
