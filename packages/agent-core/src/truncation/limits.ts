/** Lines a head or tail truncation keeps by default (pi's read and bash tools). */
export const DEFAULT_MAX_LINES = 2000;

/** Bytes a head or tail truncation keeps by default: 50 KB. */
export const DEFAULT_MAX_BYTES = 50 * 1024;

/** Characters one grep result line keeps before `truncateLine` cuts it. */
export const GREP_MAX_LINE_LENGTH = 500;
