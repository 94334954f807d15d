/** How many causes deep a message goes: enough for SDK → fetch → socket → proxy. */
const MAX_DEPTH = 4;

/**
 * An error's message followed by its causes' (`Connection error: fetch failed: connect
 * ECONNREFUSED 127.0.0.1:8080`): an SDK's connection error says only that the connection
 * failed, and the reason (refused, reset, a proxy's 407, a certificate) is in its causes. A cause
 * whose message an earlier one already quotes is left out.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth <= MAX_DEPTH; depth++) {
    const message = current.message.replace(/\.$/, '');
    // A wrapper often repeats its cause's message inside its own: say it once.
    if (message !== '' && !parts.some((part) => part.includes(message))) parts.push(message);
    current = current.cause;
  }
  return parts.join(': ');
}
