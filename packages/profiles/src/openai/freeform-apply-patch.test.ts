import { readFileSync, writeFileSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { match, type ScriptedTurn } from '@weft/testkit';
import { APPLY_PATCH_FREEFORM_DESCRIPTION, APPLY_PATCH_LARK_GRAMMAR } from '@weft/tools-patch';
import { afterEach, describe, expect, it } from 'vitest';
import { eventsOf, type SessionHarness, startSessionHarness } from '../testing/session-harness.js';
import { createOpenAIProfile } from './openai-profile.js';
import { usesFreeformApplyPatch } from './tools/apply-patch-tool.js';

let h: SessionHarness;
afterEach(() => h?.close());

const PATCH = [
  '*** Begin Patch',
  '*** Update File: notes.txt',
  ' buy:',
  '-milk',
  '+oat milk',
  '*** Add File: done.txt',
  '+nothing yet',
  '*** End Patch',
  '',
].join('\n');
const SUCCESS =
  /^Exit code: 0\nWall time: [\d.]+ seconds\nOutput:\nSuccess\. Updated the following files:\nA done\.txt\nM notes\.txt\n$/;

type Item = { type?: string; name?: string; call_id?: string; output?: unknown };
const items = (index: number) => (h.requests()[index]?.body.input ?? []) as Item[];
const offeredApplyPatch = (index: number) =>
  ((h.requests()[index]?.body.tools ?? []) as Item[]).find((tool) => tool.name === 'apply_patch');

async function sessionOn(model: string, options: { applyPatch?: 'freeform' | 'json' } = {}) {
  h = await startSessionHarness(createOpenAIProfile({ model, ...options }));
  writeFileSync(`${h.dir.path}/notes.txt`, 'buy:\nmilk\n');
  h.server.when(match.afterToolResult(), { content: [{ type: 'text', text: 'Updated the list.' }] });
}

const file = (path: string) => readFileSync(`${h.dir.path}/${path}`, 'utf8');

describe('the OpenAI profile’s apply_patch in a session', () => {
  it('is the freeform tool under codex’s grammar for a GPT-5 model, which sends the raw patch and gets the files changed', async () => {
    await sessionOn('gpt-5.4');
    const call: ScriptedTurn = {
      content: [
        { type: 'text', text: 'Editing the list.' },
        {
          type: 'tool_call',
          name: 'apply_patch',
          id: 'call_AP',
          arguments: PATCH,
          custom: true,
          argumentChunks: 16,
        },
      ],
    };
    h.server.enqueue(call);

    const result = await h.session.submit('Change milk to oat milk and add done.txt');

    expect(result.text).toBe('Updated the list.');
    expect(file('notes.txt')).toBe('buy:\noat milk\n');
    expect(file('done.txt')).toBe('nothing yet\n');
    expect(offeredApplyPatch(0)).toEqual({
      type: 'custom',
      name: 'apply_patch',
      description: APPLY_PATCH_FREEFORM_DESCRIPTION,
      format: { type: 'grammar', syntax: 'lark', definition: APPLY_PATCH_LARK_GRAMMAR },
    });
    const [end] = eventsOf(h.events, 'tool_call_end');
    expect(end?.data.toolName).toBe('apply_patch');
    expect(resultText(end!.data.result)).toMatch(SUCCESS);
    const answered = items(1).filter((item) => item.call_id === 'call_AP');
    expect(answered.map((item) => item.type)).toEqual(['custom_tool_call', 'custom_tool_call_output']);
    expect(answered[1]?.output).toMatch(SUCCESS);
  });

  it.each([
    ['gpt-4.1', 'a model outside the GPT-5 family', {}],
    ['gpt-5.4', 'a GPT-5 model when the host asks for it', { applyPatch: 'json' as const }],
  ])('is the JSON variant ({ input }) for %s: %s', async (model, _why, options) => {
    await sessionOn(model, options);
    h.server.enqueue({
      content: [{ type: 'tool_call', name: 'apply_patch', id: 'call_AP', arguments: { input: PATCH } }],
    });

    await h.session.submit('Change milk to oat milk and add done.txt');

    expect(file('notes.txt')).toBe('buy:\noat milk\n');
    expect(offeredApplyPatch(0)).toMatchObject({
      type: 'function',
      name: 'apply_patch',
      parameters: { type: 'object', required: ['input'], properties: { input: { type: 'string' } } },
    });
    const tools = (h.requests()[0]?.body.tools ?? []) as Item[];
    expect(tools.filter((tool) => tool.type === 'custom')).toEqual([]);
    const answered = items(1).filter((item) => item.call_id === 'call_AP');
    expect(answered.map((item) => item.type)).toEqual(['function_call', 'function_call_output']);
  });

  it('follows the session’s model: a change to a GPT-5 model brings the freeform variant', async () => {
    await sessionOn('gpt-4.1');
    h.server.enqueue(
      { content: [{ type: 'text', text: 'Hi.' }] },
      { content: [{ type: 'text', text: 'Hi again.' }] },
    );

    await h.session.submit('hi');
    await h.session.setModel('gpt-5.4');
    await h.session.submit('hi again');

    expect([offeredApplyPatch(0)?.type, offeredApplyPatch(1)?.type]).toEqual(['function', 'custom']);
  });
});

describe('usesFreeformApplyPatch', () => {
  it.each([
    ['gpt-5', true],
    ['gpt-5.4', true],
    ['gpt-5.1-codex', true],
    ['gpt-5-mini', true],
    ['openai/gpt-5.2', true],
    ['gpt-4.1', false],
    ['o3', false],
    ['gpt-oss-120b', false],
    ['codex-mini-latest', false],
    ['gpt-50', false],
  ])('%s → %s', (model, freeform) => {
    expect(usesFreeformApplyPatch(model)).toBe(freeform);
  });
});
