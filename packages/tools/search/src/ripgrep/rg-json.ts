/**
 * ripgrep's `--json` output: one JSON object per line, `begin` / `match` / `context` / `end` per
 * file and a final `summary`. Paths and line text are `{ text }` when they are valid UTF-8 and
 * `{ bytes }` (base64) when not; both become strings here (invalid bytes as U+FFFD).
 */
export type RgRecord =
  | { kind: 'begin'; path: string }
  | { kind: 'line'; path: string; isMatch: boolean; lineNumber: number; text: string }
  | { kind: 'end'; path: string; binary: boolean }
  | { kind: 'summary' };

interface RgData {
  text?: string;
  bytes?: string;
}

interface RgEventData {
  path?: RgData;
  lines?: RgData;
  line_number?: number | null;
  binary_offset?: number | null;
}

/**
 * Turns one line of `rg --json` into records: none for a line it does not understand, and one
 * record per line of text for a match or context event (a multi-line match holds several).
 */
export function parseRgJsonLine(line: string): RgRecord[] {
  if (line.length === 0) return [];
  let event: { type?: unknown; data?: RgEventData };
  try {
    event = JSON.parse(line) as { type?: unknown; data?: RgEventData };
  } catch {
    return [];
  }
  const data = event.data ?? {};
  switch (event.type) {
    case 'begin':
      return [{ kind: 'begin', path: decodeRgData(data.path) }];
    case 'end':
      return [{ kind: 'end', path: decodeRgData(data.path), binary: typeof data.binary_offset === 'number' }];
    case 'summary':
      return [{ kind: 'summary' }];
    case 'match':
    case 'context':
      return lineRecords(data, event.type === 'match');
    default:
      return [];
  }
}

function lineRecords(data: RgEventData, isMatch: boolean): RgRecord[] {
  const path = decodeRgData(data.path);
  const first = data.line_number ?? 0;
  const lines = stripFinalLineEnd(decodeRgData(data.lines)).split('\n');
  return lines.map((text, index) => ({
    kind: 'line',
    path,
    isMatch,
    lineNumber: first + index,
    text: text.endsWith('\r') ? text.slice(0, -1) : text,
  }));
}

function stripFinalLineEnd(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  if (text.endsWith('\n')) return text.slice(0, -1);
  return text;
}

function decodeRgData(data: RgData | undefined): string {
  if (data === undefined) return '';
  if (typeof data.text === 'string') return data.text;
  if (typeof data.bytes === 'string') return Buffer.from(data.bytes, 'base64').toString('utf8');
  return '';
}
