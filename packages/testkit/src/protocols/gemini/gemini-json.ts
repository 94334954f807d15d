/**
 * JSON the way Gemini's streaming endpoint writes it: `": "` after each key and a bare `,`
 * between members (Python's `separators=(',', ': ')`), so frames match the wire byte for byte.
 */
export function geminiJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => geminiJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([key, v]) => `${JSON.stringify(key)}: ${geminiJson(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
