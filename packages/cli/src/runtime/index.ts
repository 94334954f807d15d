// What the CLI's modes (print, JSON, RPC, and the interactive terminal UI) are built on.
export type { Session, SubmitResult } from './agent-core.js';
export { CliRuntime, type RuntimeSettings, type SessionChangeListener } from './cli-runtime.js';
export { BudgetExceededError, CostTracker, type ModelUsage } from './cost-tracker.js';
export { DEFAULT_MODELS, NO_PROVIDER_MESSAGE } from './providers.js';
export type { ListedSession } from './session-listing.js';
