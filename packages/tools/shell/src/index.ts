export {
  type FormattedShellResult,
  formatShellResult,
  type ShellFormatOptions,
  type ShellTruncation,
} from './format-shell-result.js';
export { interceptCommand, type ShellCommandInterceptor } from './interceptor.js';
export { LineCounter } from './line-counter.js';
export { type RunShellCommandOptions, runShellCommand, type ShellRunResult } from './run-shell-command.js';
export {
  createShellTool,
  ShellParameters,
  type ShellToolDetails,
  type ShellToolOptions,
  shellTool,
} from './shell-tool.js';
export {
  chooseTimeout,
  DEFAULT_SHELL_TIMEOUT_MS,
  MAX_SHELL_TIMEOUT_MS,
  type TimeoutChoice,
} from './timeouts.js';
