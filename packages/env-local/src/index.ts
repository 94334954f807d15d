export { CORE_VARIABLES } from './env-vars/core-variables.js';
export { buildEnvironment, type EnvPolicy, type EnvPolicyOptions } from './env-vars/env-policy.js';
export { NON_INTERACTIVE_VARIABLES } from './env-vars/non-interactive.js';
export { DEFAULT_SECRET_PATTERNS } from './env-vars/secret-names.js';
export { LocalExecutionEnvironment, type StartProcessOptions } from './local-execution-environment.js';
export { DEFAULTS as LOCAL_ENVIRONMENT_DEFAULTS, type LocalExecutionEnvironmentOptions } from './options.js';
export type { LocalProcessHandle } from './process/local-process-handle.js';
