import { describe, expect, it } from 'vitest';
import { formatShellResult } from './format-shell-result.js';
import type { ShellRunResult } from './run-shell-command.js';

/** A finished run; each test changes what it is about. */
function run(fields: Partial<ShellRunResult>): ShellRunResult {
  const output = fields.output ?? '';
  return {
    command: 'cmd',
    script: 'cmd',
    exitCode: 0,
    signal: null,
    timedOut: false,
    aborted: false,
    durationMs: 5,
    timeoutMs: 10_000,
    timeoutClamped: false,
    maxTimeoutMs: 600_000,
    output,
    stdout: output,
    stderr: '',
    totalBytes: Buffer.byteLength(output),
    totalLines: output === '' ? 0 : output.split('\n').length - (output.endsWith('\n') ? 1 : 0),
    outputTruncated: false,
    ...fields,
  };
}

describe('formatShellResult', () => {
  it('returns the output unchanged when it fits and the command succeeded', () => {
    expect(formatShellResult(run({ output: 'a\nb\n' }))).toEqual({ text: 'a\nb\n', isError: false });
  });

  it('keeps a last line without a newline as it is', () => {
    expect(formatShellResult(run({ output: 'no newline' })).text).toBe('no newline');
    expect(formatShellResult(run({ output: 'no newline', exitCode: 2 })).text).toBe(
      'no newline\n\nCommand exited with code 2',
    );
  });

  it('numbers the shown lines over the whole output when the window already dropped the start', () => {
    // The environment kept only the last 3 of 1000 lines in memory; the tool counted all 1000.
    const formatted = formatShellResult(
      run({
        output: '998\n999\n1000\n',
        totalLines: 1000,
        totalBytes: 3893,
        outputTruncated: true,
        fullOutputPath: '/tmp/full.log',
      }),
    );
    expect(formatted.text).toBe(
      '998\n999\n1000\n\n[Showing lines 998-1000 of 1000 (997 earlier lines omitted). Full output: /tmp/full.log]',
    );
    expect(formatted.truncation).toMatchObject({ totalBytes: 3893, startLine: 998, truncatedBy: 'bytes' });
  });

  it('says "1 earlier line" in the singular', () => {
    const formatted = formatShellResult(run({ output: 'a\nb\nc\n' }), { maxLines: 2 });
    expect(formatted.text).toContain('(1 earlier line omitted)');
  });

  it('cuts by bytes when the lines are long', () => {
    const output = `${'x'.repeat(40)}\n${'y'.repeat(40)}\n`;
    const formatted = formatShellResult(run({ output, fullOutputPath: '/tmp/f.log' }), { maxBytes: 50 });
    expect(formatted.text).toBe(
      `${'y'.repeat(40)}\n\n[Showing lines 2-2 of 2 (1 earlier line omitted; the output was 82B, over the 50B limit). Full output: /tmp/f.log]`,
    );
    expect(formatted.truncation?.truncatedBy).toBe('bytes');
  });

  it('puts the truncation notice before the status line', () => {
    const formatted = formatShellResult(
      run({ output: '1\n2\n3\n', exitCode: 1, fullOutputPath: '/tmp/f.log' }),
      {
        maxLines: 1,
      },
    );
    expect(formatted.text).toBe(
      '3\n\n[Showing lines 3-3 of 3 (2 earlier lines omitted). Full output: /tmp/f.log]\n\nCommand exited with code 1',
    );
    expect(formatted.isError).toBe(true);
  });

  it('names the timeout parameter the way the presenting tool calls it', () => {
    const formatted = formatShellResult(
      run({ timedOut: true, exitCode: null, signal: 'SIGTERM', timeoutMs: 2000 }),
      {
        timeoutParameterName: 'timeout',
      },
    );
    expect(formatted.text).toBe(
      '(no output)\n\n[ERROR: Command timed out after 2000ms. Partial output is shown above. You can retry with a longer timeout by setting the timeout parameter.]',
    );
  });

  it('reports an abort rather than the signal that ended the command', () => {
    expect(
      formatShellResult(run({ aborted: true, exitCode: null, signal: 'SIGTERM', output: 'x\n' })).text,
    ).toBe('x\n\nCommand aborted');
  });
});
