import { readFileSync } from 'node:fs';
import { release, type } from 'node:os';
import type { Platform } from '@weft/agent-core';

export function currentPlatform(): Platform {
  switch (process.platform) {
    case 'darwin':
      return 'darwin';
    case 'win32':
      return 'windows';
    default:
      // Every other Node platform (linux, the BSDs, aix, sunos) is a Unix the model can treat as linux-like.
      return 'linux';
  }
}

/** "Debian GNU/Linux 12 (bookworm), Linux 6.1.0" on Linux; "Darwin 23.4.0" elsewhere. */
export function describeOsVersion(): string {
  const kernel = `${type()} ${release()}`;
  if (process.platform !== 'linux') return kernel;
  try {
    const match = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'));
    return match?.[1] ? `${match[1]}, ${kernel}` : kernel;
  } catch {
    return kernel;
  }
}
