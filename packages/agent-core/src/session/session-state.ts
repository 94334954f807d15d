/**
 * IDLE → PROCESSING on submit; PROCESSING → IDLE on a natural end or a limit; PROCESSING →
 * AWAITING_INPUT when the model ends its turn with a question for the user; AWAITING_INPUT →
 * PROCESSING on the answer; any → CLOSED on close(), abort or an unrecoverable error.
 */
export type SessionState = 'IDLE' | 'PROCESSING' | 'AWAITING_INPUT' | 'CLOSED';
