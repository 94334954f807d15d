import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { EnvironmentError } from '../environment/environment-error.js';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import { executeTool } from './execute-tool.js';
import { defineTool, resultText, type ToolContext, textResult } from './tool.js';
import { ToolError } from './tool-error.js';

// executeTool never touches the environment itself; the tools below do not either.
const context = (signal = new AbortController().signal): ToolContext => ({
  env: {} as ExecutionEnvironment,
  signal,
  toolCallId: 'call_1',
});

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  parameters: Type.Object({ text: Type.String() }),
  execute: async ({ text }) => textResult(text),
});

describe('executeTool', () => {
  it('runs a tool with valid arguments', async () => {
    expect(resultText(await executeTool(echo, { text: 'hi' }, context()))).toBe('hi');
  });

  it('answers invalid arguments with an error result naming the parameter, without running the tool', async () => {
    const result = await executeTool(echo, { text: 5 }, context());
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('parameter "text" must be string');
  });

  it('keeps the message and details of a ToolError', async () => {
    const failing = defineTool({
      ...echo,
      execute: async () => {
        throw new ToolError('No match for old_string.', { details: { tried: 2 } });
      },
    });
    expect(await executeTool(failing, { text: 'x' }, context())).toEqual({
      content: [{ type: 'text', text: 'No match for old_string.' }],
      details: { tried: 2 },
      isError: true,
    });
  });

  it('keeps the message of an environment error', async () => {
    const failing = defineTool({
      ...echo,
      execute: async () => {
        throw new EnvironmentError('NOT_FOUND', 'File not found: a.ts', { path: 'a.ts' });
      },
    });
    expect(resultText(await executeTool(failing, { text: 'x' }, context()))).toBe('File not found: a.ts');
  });

  it('wraps an unexpected exception as "Tool error (name): message"', async () => {
    const failing = defineTool({
      ...echo,
      execute: async () => {
        throw new TypeError('boom');
      },
    });
    const result = await executeTool(failing, { text: 'x' }, context());
    expect(result).toMatchObject({ isError: true });
    expect(resultText(result)).toBe('Tool error (echo): boom');
  });

  it('does not start a tool when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = false;
    const tool = defineTool({
      ...echo,
      execute: async () => {
        ran = true;
        return textResult('');
      },
    });
    const result = await executeTool(tool, { text: 'x' }, context(controller.signal));
    expect(ran).toBe(false);
    expect(result.isError).toBe(true);
  });
});
