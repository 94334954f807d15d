/** OpenAI accepts function names of letters, digits, `_` and `-`, at most 64 characters. */
export const OPENAI_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function toolNameProblem(path: string, name: unknown): string | undefined {
  if (typeof name === 'string' && name.length > 64) {
    return `Invalid '${path}': string too long. Expected a string with maximum length 64, but got a string with length ${name.length} instead.`;
  }
  if (typeof name !== 'string' || !OPENAI_TOOL_NAME.test(name)) {
    return `Invalid '${path}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
  }
  return undefined;
}
