import type { ToolCallData } from '@weft/llm';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { ToolCallInfo } from '../hooks/hook-points.js';
import { pipelineContext } from './pipeline/pipeline.test-support.js';
import { runToolCall } from './pipeline/run-tool-call.js';
import { defineTool, FREEFORM_PARAMETERS, textResult } from './tool.js';
import { ToolRegistry } from './tool-registry.js';

const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+one\n*** End Patch\n';
const format = { type: 'grammar', syntax: 'lark', definition: 'start: /(.|\\n)+/' } as const;
const signal = new AbortController().signal;

/** A freeform tool that records the inputs it ran with. */
function patchTool(inputs: string[]) {
  return defineTool({
    name: 'apply_patch',
    description: 'Applies a patch.',
    parameters: FREEFORM_PARAMETERS,
    format,
    async execute({ input }) {
      inputs.push(input);
      return textResult('Applied.');
    },
  });
}

const customCall: ToolCallData = { id: 'call_1', name: 'apply_patch', arguments: PATCH, type: 'custom' };
const functionCall: ToolCallData = { id: 'call_2', name: 'apply_patch', arguments: { input: PATCH } };

describe('freeform tools in the registry', () => {
  it('carry their format into the definitions, with { input: string } as the JSON form', () => {
    const [definition] = new ToolRegistry([patchTool([])]).definitions();
    expect(definition).toEqual({
      name: 'apply_patch',
      description: 'Applies a patch.',
      parameters: {
        type: 'object',
        properties: { input: { type: 'string' } },
        required: ['input'],
        additionalProperties: false,
      },
      format,
    });
  });

  it('are refused when their parameters are not { input: string }', () => {
    const wrong = defineTool({
      name: 'apply_patch',
      description: 'Applies a patch.',
      parameters: Type.Object({ patch: Type.String() }),
      format,
      execute: async () => textResult(''),
    });
    expect(() => new ToolRegistry([wrong])).toThrow(/freeform .* must be \{ input: string \}/);
  });
});

describe('freeform tools in the pipeline', () => {
  it('run with { input } from a custom call’s raw text, and from a function call to their JSON form', async () => {
    const inputs: string[] = [];
    const { context, events } = pipelineContext([patchTool(inputs)]);
    for (const call of [customCall, functionCall]) {
      const outcome = await runToolCall(call, context, signal);
      expect(outcome.record).toMatchObject({ isError: false, content: [{ type: 'text', text: 'Applied.' }] });
    }
    expect(inputs).toEqual([PATCH, PATCH]);
    // The host sees the call as the model made it.
    expect(events[0]).toEqual({
      kind: 'tool_call_start',
      data: { toolCallId: 'call_1', toolName: 'apply_patch', arguments: PATCH },
    });
  });

  it('show gate hooks { input }, and run with what a gate rewrote', async () => {
    const inputs: string[] = [];
    const seen: ToolCallInfo[] = [];
    const { context } = pipelineContext([patchTool(inputs)], {
      hooks: {
        toolGates: [
          (info) => {
            seen.push(info);
            return { action: 'rewrite', arguments: { input: `${PATCH}\n` } };
          },
        ],
      },
    });
    await runToolCall(customCall, context, signal);
    expect(seen[0]?.arguments).toEqual({ input: PATCH });
    expect(inputs).toEqual([`${PATCH}\n`]);
  });
});
