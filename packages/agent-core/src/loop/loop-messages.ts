/** The result a tool call gets when the output limit cut its arguments off mid-way. */
export function cutToolCallMessage(toolName: string): string {
  return `This call to ${toolName} was not run: your response reached the output token limit while writing its arguments, so they are incomplete. Make the call again with shorter arguments (for example, write a large file in several smaller steps).`;
}

/** The warning for a text answer the output limit cut short (seed 002 §4.2: done, but the host should know). */
export const OUTPUT_TRUNCATED_MESSAGE =
  'The answer reached the output token limit and may be cut short (finish reason "length").';
