import type { ExecutionEnvironment, FileStat, PathAccess } from '@weft/agent-core';
import { pathVariants } from './path-variants.js';

export interface ExistingPath {
  /** The absolute path that exists. */
  absolutePath: string;
  stat: FileStat;
  /** The spelling that matched, when it was not the path as given. */
  matchedVariant?: string;
}

/**
 * Resolves `path` in `env` and returns it if something is there; otherwise tries the spellings
 * of {@link pathVariants} and returns the first that exists. Undefined when none does.
 * Throws what `resolvePath` throws (OUTSIDE_ALLOWED_ROOTS for writes).
 */
export async function findExistingPath(
  env: ExecutionEnvironment,
  path: string,
  access: PathAccess,
): Promise<ExistingPath | undefined> {
  for (const variant of pathVariants(path)) {
    const absolutePath = env.resolvePath(variant, access);
    const stat = await env.stat(absolutePath);
    if (stat)
      return variant === path ? { absolutePath, stat } : { absolutePath, stat, matchedVariant: variant };
  }
  return undefined;
}
