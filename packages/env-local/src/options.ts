import type { EnvPolicy } from './env-vars/env-policy.js';

export interface LocalExecutionEnvironmentOptions {
  /** Where relative paths and commands start. `~` is expanded; a relative path is taken from process.cwd(). */
  workingDirectory: string;

  // --- path policy
  /** Folders besides the working directory that writes may go to. */
  writableRoots?: readonly string[];
  /** Confine writes to the working directory and `writableRoots`. Default true. */
  confineWrites?: boolean;

  // --- commands
  /** Timeout when a call sets none, in ms. Default 10 000. */
  defaultTimeoutMs?: number;
  /** Largest timeout a call may ask for, in ms; larger ones are lowered to it. Default 600 000. */
  maxTimeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when a command is stopped, in ms. Default 2 000. */
  killGraceMs?: number;
  /** The shell `execCommand` runs `<shell> -c <command>` with. Default /bin/bash. */
  shellPath?: string;

  // --- output
  /** Output bytes kept in memory (per stream and combined). Default 102 400 (100 KiB). */
  outputWindowBytes?: number;
  /**
   * Past this many output bytes the whole output is also written to a file. Default 51 200
   * (50 KiB); at most `outputWindowBytes`; `Infinity` never writes one.
   */
  spillThresholdBytes?: number;
  /** Folder for those files. Default the OS temp folder. */
  spillDirectory?: string;

  // --- environment variables
  /** Which host variables commands see. Default 'inherit'. */
  envPolicy?: EnvPolicy;
  /** Host variables whose names match are withheld. Default DEFAULT_SECRET_PATTERNS; [] withholds none. */
  secretPatterns?: readonly RegExp[];
  /** Names the 'core' policy lets through besides CORE_VARIABLES. */
  extraCoreVariables?: readonly string[];
  /** Variables set for every command, after the policy (never filtered). */
  env?: Readonly<Record<string, string>>;
  /** Set NON_INTERACTIVE_VARIABLES (pagers, editors, prompts). Default true. */
  nonInteractive?: boolean;
  /** The host variables the policy starts from. Default process.env. */
  sourceEnv?: Readonly<Record<string, string | undefined>>;
}

export const DEFAULTS = {
  defaultTimeoutMs: 10_000,
  maxTimeoutMs: 600_000,
  killGraceMs: 2_000,
  shellPath: '/bin/bash',
  outputWindowBytes: 100 * 1024,
  spillThresholdBytes: 50 * 1024,
} as const;
