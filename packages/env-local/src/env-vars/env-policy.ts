import { isCoreVariable } from './core-variables.js';
import { NON_INTERACTIVE_VARIABLES } from './non-interactive.js';
import { looksSecret } from './secret-names.js';

/** Which of the host's variables a command sees: all of them, the core set, or none. */
export type EnvPolicy = 'inherit' | 'core' | 'none';

export interface EnvPolicyOptions {
  policy: EnvPolicy;
  /** Names matching any of these are dropped (after the policy); [] keeps everything. */
  secretPatterns: readonly RegExp[];
  /** Extra names the `core` policy lets through. */
  extraCoreVariables: readonly string[];
  /** Whether NON_INTERACTIVE_VARIABLES are set. */
  nonInteractive: boolean;
  /** Variables the host sets for every command (not filtered). */
  env: Readonly<Record<string, string>>;
}

/**
 * Builds a command's environment, in layers, each overriding the one before: the host's
 * variables that the policy admits and that do not look secret; the non-interactive settings;
 * the host's fixed variables; the call's own variables.
 */
export function buildEnvironment(
  source: Readonly<Record<string, string | undefined>>,
  options: EnvPolicyOptions,
  perCall: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const result: Record<string, string> = {};
  if (options.policy !== 'none') {
    for (const [name, value] of Object.entries(source)) {
      if (value === undefined) continue;
      if (options.policy === 'core' && !isCoreVariable(name, options.extraCoreVariables)) continue;
      if (looksSecret(name, options.secretPatterns)) continue;
      result[name] = value;
    }
  }
  if (options.nonInteractive) Object.assign(result, NON_INTERACTIVE_VARIABLES);
  Object.assign(result, options.env, perCall);
  return result;
}
