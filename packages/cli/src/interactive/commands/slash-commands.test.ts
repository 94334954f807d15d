import { describe, expect, it } from 'vitest';
import { lineText } from '../terminal/styled.js';
import { FakeHost, FakeSession, summary } from '../testing/fakes.js';
import { Transcript } from '../view/transcript.js';
import { type CommandContext, pickSession, runCommand, sessionTable } from './run-command.js';
import { COMMANDS, completeSlash, parseSlash } from './slash-commands.js';

function context(host = new FakeHost()): {
  context: CommandContext;
  host: FakeHost;
  output: () => string[];
  events: string[];
} {
  const transcript = new Transcript();
  const events: string[] = [];
  const value: CommandContext = {
    host,
    session: host.current,
    transcript,
    isWorking: false,
    setBusy: (label) => events.push(`busy:${label ?? ''}`),
    switchTo: async (session, options) => {
      events.push(
        `switch:${session.id}${options.replay ? ':replay' : ''}${options.clearScreen ? ':clear' : ''}`,
      );
    },
    exit: () => {
      events.push('exit');
    },
    render: () => {},
  };
  return { context: value, host, events, output: () => transcript.takeFinalRows(100).map(lineText) };
}

describe('parseSlash', () => {
  it('reads a known command and its arguments', () => {
    const parsed = parseSlash('/model openai/gpt-5.4 ');
    expect(parsed.type === 'command' && [parsed.spec.name, parsed.args]).toEqual(['model', 'openai/gpt-5.4']);
  });

  it('knows aliases', () => {
    const parsed = parseSlash('/quit');
    expect(parsed.type === 'command' && parsed.spec.name).toBe('exit');
  });

  it('reports an unknown single word and sends path-like text as a prompt', () => {
    expect(parseSlash('/frobnicate now')).toEqual({ type: 'unknown', name: 'frobnicate' });
    expect(parseSlash('/usr/bin/env is missing')).toEqual({ type: 'text' });
    expect(parseSlash('plain text')).toEqual({ type: 'text' });
  });

  it('has every command the issue asks for', () => {
    expect(COMMANDS.map((spec) => spec.name).sort()).toEqual(
      ['clear', 'compact', 'cost', 'effort', 'exit', 'fork', 'help', 'model', 'resume', 'sessions'].sort(),
    );
  });
});

describe('completeSlash', () => {
  it('completes a unique start, or the common start of several', () => {
    expect(completeSlash('/mo').text).toBe('/model ');
    expect(completeSlash('/c').text).toBeUndefined();
    expect(completeSlash('/c').matches.map((spec) => spec.name)).toEqual(['compact', 'clear', 'cost']);
    expect(completeSlash('/co').text).toBeUndefined();
    expect(completeSlash('/com').text).toBe('/compact ');
    expect(completeSlash('hello').matches).toEqual([]);
  });
});

describe('runCommand', () => {
  it('/help lists the keys and every command', async () => {
    const { context: value, output } = context();
    await runCommand('help', '', value);
    const text = output().join('\n');
    for (const spec of COMMANDS) expect(text).toContain(`/${spec.name}`);
    expect(text).toContain('Esc');
  });

  it('/model shows the model and the choices, /model spec changes it', async () => {
    const { context: value, host, output } = context();
    await runCommand('model', '', value);
    expect(output()).toEqual([
      '  Model: anthropic/claude-sonnet-5-5 (profile anthropic)',
      '  Available: anthropic/claude-sonnet-5-5, openai/gpt-5.4',
      '  Change it with /model provider/model',
    ]);
    await runCommand('model', 'openai/gpt-5.4', value);
    expect(host.calls).toEqual(['model:openai/gpt-5.4']);
    expect(output()).toEqual(['  Model set to openai/gpt-5.4.']);
  });

  it('/effort sets a level or the default and refuses others', async () => {
    const { context: value, host, output } = context();
    await runCommand('effort', 'HIGH', value);
    await runCommand('effort', 'default', value);
    await runCommand('effort', 'extreme', value);
    expect(host.calls).toEqual(['effort:high', 'effort:null']);
    expect(output()).toEqual([
      '  Reasoning effort set to high.',
      '  Reasoning effort set to default.',
      '  Unknown effort "extreme": use none, minimal, low, medium, high, xhigh or default.',
    ]);
  });

  it('/compact compacts while showing that it is busy', async () => {
    const { context: value, host, events } = context();
    await runCommand('compact', '', value);
    expect(host.current.calls).toEqual(['compact']);
    expect(events).toEqual(['busy:Compacting…', 'busy:']);
  });

  it('/sessions lists the saved sessions, the current one marked', async () => {
    const host = new FakeHost(new FakeSession('bbbbbbbb-2222'));
    host.sessions = [summary('bbbbbbbb-2222', 'current work'), summary('aaaaaaaa-1111', 'fix the\nbug')];
    const { context: value, output } = context(host);
    await runCommand('sessions', '', value);
    const text = output();
    expect(text[0]).toMatch(
      /^ {3}1 \* bbbbbbbb {2}\d{4}-\d\d-\d\d \d\d:\d\d {4}2 turns {4}\$0\.50 {2}current work$/,
    );
    expect(text[1]).toMatch(/^ {3}2 {3}aaaaaaaa .* fix the bug$/);
  });

  it('/resume takes a number or an id prefix and switches to the session with its history', async () => {
    const host = new FakeHost();
    host.sessions = [summary('aaaa-1', 'one'), summary('bbbb-2', 'two'), summary('bbbc-3', 'three')];
    const { context: value, events, output } = context(host);
    await runCommand('resume', '2', value);
    expect(host.calls).toEqual(['resume:bbbb-2']);
    expect(events).toContain('switch:bbbb-2:replay');
    await runCommand('resume', 'bbb', value);
    expect(output().at(-1)).toBe('  "bbb" matches 2 sessions: give more of the id.');
  });

  it('pickSession reports what it cannot find', () => {
    const list = [summary('aaaa-1', 'one')];
    expect(pickSession(list, '7')).toBe('There is no session number 7: /sessions lists them.');
    expect(pickSession(list, 'zz')).toBe('No session "zz" in this folder: /sessions lists them.');
    expect(pickSession(list, 'aaaa-1')).toEqual(list[0]);
  });

  it('/fork branches the current session from its last entry', async () => {
    const session = new FakeSession('orig');
    session.history = [{ type: 'user', id: 'u1', timestamp: '', content: [{ type: 'text', text: 'hi' }] }];
    session.leafEntryId = 'u1';
    const { context: value, host, events, output } = context(new FakeHost(session));
    await runCommand('fork', '', value);
    expect(host.calls).toEqual(['fork:orig:u1']);
    expect(events).toContain('switch:session-2');
    expect(output().at(-1)).toBe('  Forked: now in session session-2 (the original, orig, is unchanged).');
  });

  it('/clear starts a new session and clears the screen', async () => {
    const { context: value, host, events } = context();
    await runCommand('clear', '', value);
    expect(host.calls).toEqual(['new']);
    expect(events).toContain('switch:session-2:clear');
  });

  it('/sessions, /resume and /fork explain that --no-session keeps nothing', async () => {
    const host = new FakeHost();
    host.persistent = false;
    const { context: value, output } = context(host);
    await runCommand('resume', '1', value);
    expect(output()).toEqual(['  /resume needs saved sessions, and this one runs with --no-session.']);
  });

  it('/cost shows the run and the session', async () => {
    const { context: value, output } = context();
    await runCommand('cost', '', value);
    const text = output().join('\n');
    expect(text).toContain('total cost');
    expect(text).toContain('Session session-1');
  });

  it('/exit exits', async () => {
    const { context: value, events } = context();
    await runCommand('exit', '', value);
    expect(events).toEqual(['exit']);
  });

  it('sessionTable fits the width', () => {
    const rows = sessionTable([summary('a'.repeat(36), 'x'.repeat(300))], undefined, 78);
    expect(lineText(rows[0]!).length).toBeLessThanOrEqual(78);
  });
});
