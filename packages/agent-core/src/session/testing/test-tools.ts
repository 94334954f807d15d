import { Type } from 'typebox';
import { defineTool, type Tool, textResult } from '../../tools/tool.js';
import { ToolError } from '../../tools/tool-error.js';

const decoder = new TextDecoder();

/** Small real tools for the session's tests: they work on real files and real processes. */
export const readFileTool = defineTool({
  name: 'read_file',
  description: 'Reads a text file.',
  parameters: Type.Object({ file_path: Type.String() }),
  async execute({ file_path }, { env }) {
    return textResult(decoder.decode(await env.readFile(file_path)));
  },
});

export const writeFileTool = defineTool({
  name: 'write_file',
  description: 'Writes a text file, creating it if needed.',
  parameters: Type.Object({ file_path: Type.String(), content: Type.String() }),
  async execute({ file_path, content }, { env }) {
    await env.writeFile(file_path, content);
    return textResult(`Wrote ${Buffer.byteLength(content)} bytes to ${file_path}`);
  },
});

export const editFileTool = defineTool({
  name: 'edit_file',
  description: 'Replaces one exact occurrence of old_string with new_string.',
  parameters: Type.Object({ file_path: Type.String(), old_string: Type.String(), new_string: Type.String() }),
  async execute({ file_path, old_string, new_string }, { env }) {
    const text = decoder.decode(await env.readFile(file_path));
    const count = text.split(old_string).length - 1;
    if (count !== 1)
      throw new ToolError(`old_string must occur exactly once in ${file_path}; found ${count}.`);
    await env.writeFile(file_path, text.replace(old_string, new_string));
    return textResult(`Edited ${file_path}`);
  },
});

export const shellTool = defineTool({
  name: 'shell',
  description: 'Runs a shell command.',
  parameters: Type.Object({
    command: Type.String(),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  async execute({ command, timeout_ms }, { env, signal, onUpdate }) {
    const result = await env.execCommand(command, {
      ...(timeout_ms === undefined ? {} : { timeoutMs: timeout_ms }),
      signal,
      onOutput: (chunk) => onUpdate?.({ text: chunk.text, stream: chunk.stream }),
    });
    let text = result.output;
    if (result.timedOut) text += `\n[ERROR: Command timed out after ${timeout_ms ?? 10_000}ms.]`;
    if (result.aborted) text += '\n[Command aborted]';
    text += `\n[exit code ${result.exitCode ?? result.signal}]`;
    return {
      content: [{ type: 'text', text }],
      isError: result.exitCode !== 0,
      details: { exitCode: result.exitCode, timedOut: result.timedOut, aborted: result.aborted },
    };
  },
});

/** A tool whose output is `size` characters of `x`: for truncation tests. */
export const bigOutputTool = defineTool({
  name: 'big_output',
  description: 'Prints many characters.',
  parameters: Type.Object({ size: Type.Integer() }),
  async execute({ size }) {
    return textResult('x'.repeat(size));
  },
});

/**
 * A tool each call of which waits until the test releases it (or its signal fires), so a test
 * can act while a tool runs without timing anything. `started(n)` resolves once n calls started.
 */
export function blockingTool(name: string): {
  tool: Tool;
  calls: unknown[];
  started(count: number): Promise<void>;
  release(): void;
} {
  const calls: unknown[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let releaseAll!: () => void;
  const released = new Promise<void>((resolve) => {
    releaseAll = resolve;
  });
  const tool = defineTool({
    name,
    description: `Waits until released (${name}).`,
    parameters: Type.Object({ label: Type.Optional(Type.String()) }),
    async execute(args, { signal }) {
      calls.push(args);
      for (const waiter of waiters.filter((w) => w.count <= calls.length)) waiter.resolve();
      await new Promise<void>((resolve) => {
        void released.then(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      if (signal.aborted) return { content: [{ type: 'text', text: `${name} interrupted` }], isError: true };
      return textResult(`${name} done ${args.label ?? ''}`.trim());
    },
  });
  return {
    tool,
    calls,
    started: (count) =>
      count <= calls.length
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push({ count, resolve });
          }),
    release: () => releaseAll(),
  };
}
