import { createHash } from 'node:crypto';

/**
 * A tool call's identity for loop detection (loop spec §2.10): the tool's name plus a hash of its
 * arguments. Arguments are hashed in a canonical form (object keys sorted at every depth), so the
 * same call written with its keys in another order is the same call.
 */
export function toolCallSignature(name: string, args: unknown): string {
  const text = typeof args === 'string' ? args : canonicalJson(args);
  return `${name}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** JSON with object keys sorted, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
