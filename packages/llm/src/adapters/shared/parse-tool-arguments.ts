/** Parses a tool call's argument text: '' is no arguments; text that is not a JSON object stays text. */
export function parseToolArguments(raw: string): Record<string, unknown> | string {
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : raw;
  } catch {
    return raw;
  }
}

/** Argument text for the wire: objects as JSON, strings as they are. */
export function argumentsJson(args: Record<string, unknown> | string): string {
  return typeof args === 'string' ? args : JSON.stringify(args);
}
