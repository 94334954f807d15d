import type { ToolContext, ToolResult } from '@weft/agent-core';

/**
 * Gets first look at every command the shell tool is asked to run. Return a result (or a promise
 * of one) to answer the call instead of running the command; return undefined (or a promise of
 * undefined, for interceptors that must look something up first) to pass.
 * Used, for example, to route codex-style `apply_patch <<'EOF' ... EOF` invocations to the
 * apply_patch tool, or to refuse commands a host forbids.
 */
export type ShellCommandInterceptor = (
  command: string,
  context: ToolContext,
) => Promise<ToolResult | undefined> | ToolResult | undefined;

/** Asks each interceptor in order; the first that claims the command answers it. */
export async function interceptCommand(
  interceptors: readonly ShellCommandInterceptor[],
  command: string,
  context: ToolContext,
): Promise<ToolResult | undefined> {
  for (const interceptor of interceptors) {
    const claimed = await interceptor(command, context);
    if (claimed !== undefined) return claimed;
  }
  return undefined;
}
