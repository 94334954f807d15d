/** The result text for a call to a tool the registry does not have (loop spec §2.5, exact wording). */
export function unknownToolMessage(name: string): string {
  return `Unknown tool: ${name}`;
}

/**
 * The result text for calls left unrun because a steering message was queued while earlier calls
 * of the round ran (pi's wording, exact).
 */
export const SKIPPED_FOR_STEERING = 'Skipped due to queued user message';

/** The result text for calls left unrun because the session was aborted. */
export const SKIPPED_FOR_ABORT = 'Skipped: the session was aborted before this call started.';

/** What the model sees for a result with no content at all (providers refuse empty results). */
export const EMPTY_RESULT_TEXT = '(no output)';

/** The result text when a gate hook threw: the call is blocked, since a gate that cannot decide must not let it through. */
export function gateFailedMessage(toolName: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The call to ${toolName} was blocked: a permission hook failed (${reason}).`;
}
