import { Type } from '@weft/agent-core';

/**
 * A string parameter limited to `values`, written as `{ type: 'string', enum: [...] }` (the
 * shape the reference agents send), where TypeBox's literal union would send `anyOf` of consts.
 */
export function stringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
): ReturnType<typeof Type.Unsafe<T[number]>> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
