import { describe, expect, it } from 'vitest';
import { lineText } from '../terminal/styled.js';
import { Theme } from '../terminal/theme.js';
import { textWidth } from '../terminal/width.js';
import { event, textEnd, toolEnd } from '../testing/events.js';
import { Transcript } from './transcript.js';

const texts = (rows: ReturnType<Transcript['takeFinalRows']>): string[] => rows.map(lineText);

const DIFF = [
  '--- a//work/project/src/app.ts',
  '+++ b//work/project/src/app.ts',
  '@@ -1,3 +1,3 @@',
  ' const a = 1;',
  '-const b = 2;',
  '+const b = 3;',
  ' const c = 4;',
  '',
].join('\n');

describe('Transcript', () => {
  it('prints finished rows of a streamed answer while the last row stays live', () => {
    const transcript = new Transcript();
    transcript.apply(event('assistant_text_start', { responseIndex: 0 }));
    const words = 'The quick brown fox jumps over the lazy dog and keeps running across the field'.split(' ');
    const printed: string[] = [];
    for (const word of words) {
      transcript.apply(event('assistant_text_delta', { delta: `${word} ` }));
      printed.push(...texts(transcript.takeFinalRows(24)));
    }
    expect(printed.length).toBeGreaterThan(0);
    const live = transcript.liveRows(24).map(lineText);
    expect(live).toHaveLength(1);
    transcript.apply(textEnd(words.join(' ')));
    printed.push(...texts(transcript.takeFinalRows(24)));
    expect(transcript.liveRows(24)).toEqual([]);
    expect(printed[0]).toBe('● The quick brown fox');
    for (const row of printed) expect(textWidth(row)).toBeLessThanOrEqual(24);
    expect(printed.map((row) => row.slice(2)).join(' ')).toBe(words.join(' '));
  });

  it('prints the same rows however the answer is split into deltas', () => {
    const answer =
      'Line one is here.\n\nA longer second paragraph that needs wrapping at forty columns, twice.\n- a list item';
    const render = (pieces: string[]): string[] => {
      const transcript = new Transcript();
      const out: string[] = [];
      for (const piece of pieces) {
        transcript.apply(event('assistant_text_delta', { delta: piece }));
        out.push(...texts(transcript.takeFinalRows(40)));
      }
      transcript.apply(textEnd(answer));
      out.push(...texts(transcript.takeFinalRows(40)));
      return out;
    };
    const whole = render([answer]);
    expect(render(answer.split(''))).toEqual(whole);
    expect(render(answer.match(/.{1,7}/gs) ?? [])).toEqual(whole);
    expect(whole).toEqual([
      '● Line one is here.',
      '',
      '  A longer second paragraph that needs',
      '  wrapping at forty columns, twice.',
      '  - a list item',
    ]);
  });

  it('shows reasoning apart from the answer', () => {
    const transcript = new Transcript();
    transcript.apply(event('assistant_reasoning_start', {}));
    transcript.apply(event('assistant_reasoning_delta', { delta: 'Thinking it over.' }));
    transcript.apply(event('assistant_reasoning_end', { text: 'Thinking it over.' }));
    transcript.apply(event('assistant_text_delta', { delta: 'Answer.' }));
    transcript.apply(textEnd('Answer.'));
    expect(texts(transcript.takeFinalRows(80))).toEqual(['∴ Thinking it over.', '● Answer.']);
  });

  it('shows a running tool call with the tail of its output, then its result', () => {
    const transcript = new Transcript();
    transcript.apply(
      event('tool_call_start', { toolCallId: 'c1', toolName: 'Bash', arguments: { command: 'make test' } }),
    );
    for (let index = 1; index <= 9; index++) {
      transcript.apply(event('tool_call_output_delta', { toolCallId: 'c1', delta: `line ${index}\n` }));
    }
    expect(transcript.takeFinalRows(80)).toEqual([]);
    expect(transcript.liveRows(80).map(lineText)).toEqual([
      '○ Bash(make test)',
      '  │ line 5',
      '  │ line 6',
      '  │ line 7',
      '  │ line 8',
      '  │ line 9',
    ]);
    transcript.apply(
      toolEnd('c1', 'Bash', Array.from({ length: 12 }, (_, index) => `out ${index + 1}`).join('\n')),
    );
    expect(texts(transcript.takeFinalRows(80))).toEqual([
      '● Bash(make test)',
      '  └ out 1',
      '    out 2',
      '    out 3',
      '    out 4',
      '    out 5',
      '    out 6',
      '    out 7',
      '    … +5 lines',
    ]);
  });

  it("shows an edit's diff from the result details, paths relative to the project", () => {
    const transcript = new Transcript('/work/project');
    transcript.apply(
      event('tool_call_start', {
        toolCallId: 'e1',
        toolName: 'Edit',
        arguments: {
          file_path: '/work/project/src/app.ts',
          old_string: 'const b = 2;',
          new_string: 'const b = 3;',
        },
      }),
    );
    transcript.apply(toolEnd('e1', 'Edit', 'The file has been updated.', { details: { diff: DIFF } }));
    expect(texts(transcript.takeFinalRows(80))).toEqual([
      '● Edit(src/app.ts, old_string: "const b = 2;", new_string: "const b = 3;")',
      '  └ --- a/src/app.ts',
      '    +++ b/src/app.ts',
      '    @@ -1,3 +1,3 @@',
      '     const a = 1;',
      '    -const b = 2;',
      '    +const b = 3;',
      '     const c = 4;',
    ]);
  });

  it("shows apply_patch's per-file diffs", () => {
    const transcript = new Transcript();
    transcript.apply(
      event('tool_call_start', {
        toolCallId: 'p1',
        toolName: 'apply_patch',
        arguments: { input: '*** Begin Patch\n...' },
      }),
    );
    transcript.apply(
      toolEnd('p1', 'apply_patch', 'Done', {
        details: {
          changes: [
            { kind: 'update', path: 'a.txt', diff: '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-x\n+y\n' },
          ],
        },
      }),
    );
    expect(texts(transcript.takeFinalRows(80)).slice(1)).toEqual([
      '  └ --- a/a.txt',
      '    +++ b/a.txt',
      '    @@ -1 +1 @@',
      '    -x',
      '    +y',
    ]);
  });

  it('marks failed, blocked and skipped calls', () => {
    const transcript = new Transcript();
    for (const id of ['f', 'b', 's']) {
      transcript.apply(
        event('tool_call_start', { toolCallId: id, toolName: 'Bash', arguments: { command: id } }),
      );
    }
    transcript.apply(toolEnd('f', 'Bash', 'Exit code 1\nboom', { isError: true }));
    transcript.apply(toolEnd('b', 'Bash', 'denied', { blocked: 'rm is not allowed' }));
    transcript.apply(toolEnd('s', 'Bash', 'Skipped', { skipped: 'steering' }));
    expect(texts(transcript.takeFinalRows(80))).toEqual([
      '● Bash(f)',
      '  └ Exit code 1',
      '    boom',
      '● Bash(b)',
      '  └ blocked: rm is not allowed',
      '● Bash(s)',
      '  └ skipped: a steering message came first',
    ]);
  });

  it('keeps the order of parallel calls: a finished call waits behind a running one', () => {
    const transcript = new Transcript();
    transcript.apply(
      event('tool_call_start', { toolCallId: 'a', toolName: 'Read', arguments: { file_path: 'a' } }),
    );
    transcript.apply(
      event('tool_call_start', { toolCallId: 'b', toolName: 'Read', arguments: { file_path: 'b' } }),
    );
    transcript.apply(toolEnd('b', 'Read', 'B'));
    expect(transcript.takeFinalRows(80)).toEqual([]);
    expect(transcript.liveRows(80).map(lineText)).toEqual(['○ Read(a)', '● Read(b)', '  └ B']);
    transcript.apply(toolEnd('a', 'Read', 'A'));
    expect(texts(transcript.takeFinalRows(80))).toEqual(['● Read(a)', '  └ A', '● Read(b)', '  └ B']);
  });

  it('marks calls still running when the input ends as interrupted', () => {
    const transcript = new Transcript();
    transcript.apply(
      event('tool_call_start', { toolCallId: 'a', toolName: 'Bash', arguments: { command: 'sleep 100' } }),
    );
    transcript.settle();
    expect(texts(transcript.takeFinalRows(80))).toEqual(['● Bash(sleep 100)', '  └ interrupted']);
  });

  it('shows a subagent call as one line under its agent', () => {
    const transcript = new Transcript();
    transcript.apply(
      event(
        'tool_call_start',
        { toolCallId: 'x', toolName: 'Grep', arguments: { pattern: 'TODO' } },
        'agent-1',
      ),
    );
    transcript.apply(event('assistant_text_delta', { delta: 'child text is not shown' }, 'agent-1'));
    transcript.apply({ ...toolEnd('x', 'Grep', 'many lines\nof output'), agentId: 'agent-1' });
    expect(texts(transcript.takeFinalRows(80))).toEqual(['● agent-1 › Grep(TODO)']);
  });

  it('never prints a row wider than the terminal, whatever the content', () => {
    const transcript = new Transcript();
    const long = `${'x'.repeat(200)} 日本語のテキスト ${'👍'.repeat(50)} \x1b[31mred\x1b[0m\ttab`;
    transcript.user(long);
    transcript.apply(event('assistant_text_delta', { delta: long }));
    transcript.apply(textEnd(long));
    transcript.apply(
      event('tool_call_start', { toolCallId: 't', toolName: 'Bash', arguments: { command: long } }),
    );
    transcript.apply(toolEnd('t', 'Bash', long, { details: { diff: `+${long}\n` } }));
    transcript.notice(long, 'warning');
    for (const width of [80, 41, 20]) {
      const copy = new Transcript();
      copy.user(long);
      copy.notice(long);
      for (const row of [...transcript.takeFinalRows(width), ...copy.takeFinalRows(width)]) {
        expect(textWidth(lineText(row))).toBeLessThanOrEqual(width);
        expect(lineText(row)).not.toContain('\x1b');
      }
    }
  });

  it('renders without any escape sequence when colours are off', () => {
    const transcript = new Transcript();
    transcript.user('hello');
    transcript.apply(
      event('tool_call_start', { toolCallId: 'e', toolName: 'Edit', arguments: { file_path: 'a' } }),
    );
    transcript.apply(toolEnd('e', 'Edit', 'ok', { details: { diff: '-a\n+b\n' } }));
    const rows = transcript.takeFinalRows(80);
    const plain = new Theme(false);
    const coloured = new Theme(true);
    expect(rows.map((row) => plain.render(row)).join('\n')).not.toContain('\x1b');
    expect(rows.map((row) => coloured.render(row)).join('\n')).toContain('\x1b[32m+b\x1b[0m');
  });
});

describe('summarizeArguments', () => {
  it('puts the main argument first and summarises long texts', async () => {
    const { summarizeArguments } = await import('./tool-view.js');
    expect(summarizeArguments({ description: 'run tests', command: 'npm test' })).toBe(
      'npm test, description: "run tests"',
    );
    expect(summarizeArguments({ file_path: '/p/a.ts', content: 'a\nb\nc' }, '/p')).toBe(
      'a.ts, content: 3 lines',
    );
    expect(summarizeArguments({ description: 'explore', prompt: 'Find every TODO\nand list them' })).toBe(
      'explore, prompt: 2 lines',
    );
    expect(summarizeArguments({ todos: [{}, {}] })).toBe('todos: 2 items');
    expect(summarizeArguments({ path: '/elsewhere/x' }, '/p')).toBe('/elsewhere/x');
    expect(summarizeArguments('raw {json')).toBe('"raw {json"');
  });
});
