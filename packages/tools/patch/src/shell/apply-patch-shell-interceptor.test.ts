import { mkdirSync, readFileSync } from 'node:fs';
import { resultText, type ToolContext } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import {
  applyPatchShellInterceptor,
  createApplyPatchShellInterceptor,
  IMPLICIT_INVOCATION_MESSAGE,
} from './apply-patch-shell-interceptor.js';

const PATCH = '*** Begin Patch\n*** Add File: foo.txt\n+hi\n*** End Patch';

function contextFor(workingDirectory: string): ToolContext {
  return {
    env: new LocalExecutionEnvironment({ workingDirectory }),
    signal: new AbortController().signal,
    toolCallId: 'call',
  };
}

describe('applyPatchShellInterceptor', () => {
  it('returns undefined for commands that are not apply_patch invocations', () => {
    using dir = createTempDir('intercept-');
    expect(applyPatchShellInterceptor('ls -la', contextFor(dir.path))).toBeUndefined();
    expect(
      applyPatchShellInterceptor(`echo x && apply_patch <<'EOF'\n${PATCH}\nEOF`, contextFor(dir.path)),
    ).toBeUndefined();
  });

  it('applies an apply_patch heredoc through the tool and answers with the summary', async () => {
    using dir = createTempDir('intercept-');
    const result = await applyPatchShellInterceptor(
      `apply_patch <<'EOF'\n${PATCH}\nEOF`,
      contextFor(dir.path),
    );
    expect(result?.isError ?? false).toBe(false);
    expect(result && resultText(result)).toBe('Success. Updated the following files:\nA foo.txt\n');
    expect(readFileSync(dir.join('foo.txt'), 'utf8')).toBe('hi\n');
  });

  it('resolves paths from the folder of a leading cd', async () => {
    using dir = createTempDir('intercept-');
    mkdirSync(dir.join('sub'));
    const result = await applyPatchShellInterceptor(
      `cd sub && apply_patch <<'EOF'\n${PATCH}\nEOF`,
      contextFor(dir.path),
    );
    expect(result && resultText(result)).toBe('Success. Updated the following files:\nA foo.txt\n');
    expect(readFileSync(dir.join('sub/foo.txt'), 'utf8')).toBe('hi\n');
  });

  it('reports a failing patch without changing anything, like the tool', async () => {
    using dir = createTempDir('intercept-');
    const bad = `apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+a\n*** Delete File: missing\n*** End Patch\nEOF`;
    const result = await applyPatchShellInterceptor(bad, contextFor(dir.path));
    expect(result?.isError).toBe(true);
    expect(result && resultText(result)).toMatch(
      /^apply_patch verification failed: Failed to read .*\/missing: No such file or directory \(os error 2\)\n\n/,
    );
  });

  it('refuses a bare patch sent as the command with codex’s message', async () => {
    using dir = createTempDir('intercept-');
    const exact = createApplyPatchShellInterceptor({ hints: false });
    const result = await exact(PATCH, contextFor(dir.path));
    expect(result?.isError).toBe(true);
    expect(result && resultText(result)).toBe(IMPLICIT_INVOCATION_MESSAGE);
    expect(IMPLICIT_INVOCATION_MESSAGE).toBe(
      'patch detected without explicit call to apply_patch. Rerun as ["apply_patch", "<patch>"]',
    );
  });
});
