import { countChars, sliceHeadChars, sliceTailChars } from './characters.js';

/**
 * Which part of an over-long output the model keeps. `head_tail` keeps the beginning and the end
 * (the spec's choice for file and command output), `tail` keeps the end, `head` the beginning.
 */
export type TruncationMode = 'head_tail' | 'tail' | 'head';

/** The marker put where `head_tail` removed the middle of an output (loop spec §5.1). */
export function headTailMarker(removedChars: number): string {
  return `[WARNING: Tool output was truncated. ${removedChars} characters were removed from the middle. The full output is available in the event stream. If you need to see specific parts, re-run the tool with more targeted parameters.]`;
}

/** The marker put before what `tail` kept (loop spec §5.1). */
export function tailMarker(removedChars: number): string {
  return `[WARNING: Tool output was truncated. First ${removedChars} characters were removed. The full output is available in the event stream.]`;
}

/** The marker put after what `head` kept. The spec has no head mode; this mirrors its tail marker. */
export function headMarker(removedChars: number): string {
  return `[WARNING: Tool output was truncated. Last ${removedChars} characters were removed. The full output is available in the event stream.]`;
}

export interface CharTruncation {
  text: string;
  truncated: boolean;
  /** Characters (code points) in the original. */
  totalChars: number;
  /** Characters left out; 0 when nothing was cut. */
  removedChars: number;
}

/**
 * The character pass of loop spec §5.1: an output over `maxChars` characters keeps `maxChars` of
 * them (split in half for `head_tail`, the head getting the smaller half) plus a marker saying
 * how many were removed. The marker is not counted against `maxChars`.
 */
export function truncateChars(text: string, maxChars: number, mode: TruncationMode): CharTruncation {
  // Code points never outnumber code units, so a short string needs no count.
  const totalChars = text.length <= maxChars ? text.length : countChars(text);
  if (totalChars <= maxChars) return { text, truncated: false, totalChars, removedChars: 0 };
  const keep = Math.max(0, Math.floor(maxChars));
  const removedChars = totalChars - keep;
  let kept: string;
  if (mode === 'head_tail') {
    const headChars = Math.floor(keep / 2);
    kept = `${sliceHeadChars(text, headChars)}\n\n${headTailMarker(removedChars)}\n\n${sliceTailChars(text, keep - headChars)}`;
  } else if (mode === 'tail') {
    kept = `${tailMarker(removedChars)}\n\n${sliceTailChars(text, keep)}`;
  } else {
    kept = `${sliceHeadChars(text, keep)}\n\n${headMarker(removedChars)}`;
  }
  return { text: kept, truncated: true, totalChars, removedChars };
}
