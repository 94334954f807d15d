import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../loop/loop.test-support.js';
import type { ProviderProfile } from '../profile/provider-profile.js';
import { JsonlSessionStore } from '../store/jsonl-session-store.js';
import { defineTool, FREEFORM_PARAMETERS, type Tool, textResult } from '../tools/tool.js';
import { Session } from './session.js';
import { type Harness, ofKind, recordEvents, startHarness, testProfile } from './testing/harness.js';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

const PATCH = '*** Begin Patch\n*** Add File: notes.txt\n+milk\n*** End Patch\n';
const format = { type: 'grammar', syntax: 'lark', definition: 'start: /(.|\\n)+/' } as const;

/** A freeform tool that writes the input it got to `patch.txt`, so a test can read what ran. */
const patchTool = defineTool({
  name: 'apply_patch',
  description: 'Applies a patch.',
  parameters: FREEFORM_PARAMETERS,
  format,
  async execute({ input }, { env }) {
    await env.writeFile('patch.txt', input);
    return textResult('Applied.');
  },
});

const customCall = {
  content: [
    { type: 'tool_call' as const, name: 'apply_patch', id: 'call_P1', arguments: PATCH, custom: true },
  ],
};

type Item = { type?: string; call_id?: string; input?: string; output?: unknown };
/** The apply_patch entry of request `index`'s tools (the session's subagent tools sit beside it). */
const offered = (index: number) =>
  ((harness.server.requests[index]?.body.tools ?? []) as { type: string; name: string }[]).find(
    (tool) => tool.name === 'apply_patch',
  );
const inputItems = (index: number) => (harness.server.requests[index]?.body.input ?? []) as Item[];

describe('a freeform tool in a session on OpenAI Responses', () => {
  it('is offered as a custom tool, runs with { input }, and its result goes back as custom_tool_call_output, also after a resume', async () => {
    harness = await startHarness({ provider: 'openai' });
    harness.server.enqueue(customCall, text('Noted.'), text('Still noted.'));
    const store = new JsonlSessionStore({ directory: harness.dir.join('.sessions'), fsync: false });
    const first = harness.session({ tools: [patchTool], store });
    const events = recordEvents(first);

    await first.submit('Note the milk.');

    expect(new TextDecoder().decode(await harness.env.readFile('patch.txt'))).toBe(PATCH);
    expect(ofKind(events, 'tool_call_start')[0]?.data.arguments).toBe(PATCH);
    expect(offered(0)).toEqual({
      type: 'custom',
      name: 'apply_patch',
      description: 'Applies a patch.',
      format,
    });
    const sent = inputItems(1).slice(1);
    expect(sent).toEqual([
      { type: 'custom_tool_call', call_id: 'call_P1', name: 'apply_patch', input: PATCH },
      { type: 'custom_tool_call_output', call_id: 'call_P1', output: 'Applied.' },
    ]);
    await first.close();

    // The store keeps the call's type, so the resumed history still pairs the result with it.
    const resumed = await Session.resume(store, first.id, {
      profile: testProfile({ provider: 'openai', tools: [patchTool] }),
      env: harness.env,
      client: harness.client,
    });
    await resumed.submit('And now?');
    await resumed.close();
    expect(harness.server.requests[2]?.outcome.type).toBe('turn');
    expect(inputItems(2).slice(1, 3)).toEqual(sent);
  });
});

describe('a profile whose tools depend on the model', () => {
  it('is asked with the model, and again when a model change gives other tools', async () => {
    harness = await startHarness({ provider: 'openai' });
    const jsonPatch = defineTool({ ...patchTool, format: undefined }) as Tool;
    const asked: string[] = [];
    const profile: ProviderProfile = {
      ...testProfile({ provider: 'openai' }),
      tools: (context) => {
        asked.push(context?.model ?? '(none)');
        return context?.model.startsWith('gpt-5') ? [patchTool as Tool] : [jsonPatch];
      },
    };
    harness.server.enqueue(text('one'), text('two'));
    const session = new Session({ profile, env: harness.env, client: harness.client, model: 'gpt-5.4' });

    await session.submit('hi');
    await session.setModel('gpt-4.1');
    await session.submit('hi again');
    await session.close();

    expect(asked.slice(0, 2)).toEqual(['gpt-5.4', 'gpt-4.1']);
    expect([offered(0)?.type, offered(1)?.type]).toEqual(['custom', 'function']);
  });
});
