import { sep } from 'node:path';
import { EnvironmentError } from '@weft/agent-core';
import { realLocation } from './real-location.js';

/**
 * Decides whether a write may land at a path. The decision is made on where the write really
 * lands (symlinks resolved), so a link inside an allowed root that points outside is outside.
 */
export class WritePolicy {
  readonly roots: readonly string[];
  readonly enabled: boolean;

  constructor(roots: readonly string[], enabled: boolean) {
    this.roots = [...new Set(roots)];
    this.enabled = enabled;
  }

  /**
   * Returns the real location of `absolutePath` (see {@link realLocation}); throws
   * OUTSIDE_ALLOWED_ROOTS when the policy is on and that location is in none of the roots.
   */
  check(absolutePath: string, followFinal: boolean): string {
    const real = realLocation(absolutePath, followFinal);
    if (!this.enabled) return real;
    for (const root of this.roots) {
      if (isInside(real, realLocation(root, true))) return real;
    }
    const allowed = this.roots.join(', ');
    const via = real === absolutePath ? '' : ` (it resolves through a symbolic link to ${real})`;
    throw new EnvironmentError(
      'OUTSIDE_ALLOWED_ROOTS',
      `Cannot write ${absolutePath}${via}: writes are only allowed inside ${allowed}. Choose a path inside ${
        this.roots.length === 1 ? 'that folder' : 'one of those folders'
      }.`,
      { path: absolutePath },
    );
  }
}

export function isInside(path: string, root: string): boolean {
  if (path === root) return true;
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}
