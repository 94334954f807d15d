import { describe, expect, it } from 'vitest';
import { parseApplyPatchInvocation } from './parse-apply-patch-invocation.js';

const PATCH = '*** Begin Patch\n*** Add File: foo\n+hi\n*** End Patch';
const heredoc = (prefix: string, suffix = '', command = 'apply_patch') =>
  `${prefix}${command} <<'PATCH'\n${PATCH}\nPATCH${suffix}`;

describe('parseApplyPatchInvocation: recognised', () => {
  it('apply_patch with a quoted heredoc', () => {
    expect(parseApplyPatchInvocation(heredoc(''))).toEqual({ kind: 'apply_patch', patch: PATCH });
  });

  it('applypatch, the alternative name', () => {
    expect(parseApplyPatchInvocation(heredoc('', '', 'applypatch'))).toEqual({
      kind: 'apply_patch',
      patch: PATCH,
    });
  });

  it.each([
    ['<<EOF', 'EOF'],
    ['<<"EOF"', 'EOF'],
    ["<< 'END_OF_PATCH'", 'END_OF_PATCH'],
  ])('any heredoc delimiter: %s', (opener, closer) => {
    expect(parseApplyPatchInvocation(`apply_patch ${opener}\n${PATCH}\n${closer}\n`)).toEqual({
      kind: 'apply_patch',
      patch: PATCH,
    });
  });

  it('<<- with tab-indented lines, stripped as the shell would', () => {
    const indented = PATCH.split('\n')
      .map((line) => `\t${line}`)
      .join('\n');
    expect(parseApplyPatchInvocation(`apply_patch <<-EOF\n${indented}\n\tEOF`)).toEqual({
      kind: 'apply_patch',
      patch: PATCH,
    });
  });

  it('cd <dir> && apply_patch, with the folder as workdir', () => {
    expect(parseApplyPatchInvocation(heredoc('cd foo && '))).toEqual({
      kind: 'apply_patch',
      patch: PATCH,
      workdir: 'foo',
    });
  });

  it.each([
    ["cd 'foo bar' && ", 'foo bar'],
    ['cd "foo bar" && ', 'foo bar'],
    ['cd /abs/path && ', '/abs/path'],
    ['cd ../up &&\n', '../up'],
  ])('cd folder forms: %j', (prefix, workdir) => {
    expect(parseApplyPatchInvocation(heredoc(prefix))).toMatchObject({ kind: 'apply_patch', workdir });
  });

  it('surrounding blank space', () => {
    expect(parseApplyPatchInvocation(`\n  ${heredoc('')}\n\n`)).toEqual({
      kind: 'apply_patch',
      patch: PATCH,
    });
  });

  it('a bare patch as the whole command, reported as implicit', () => {
    expect(parseApplyPatchInvocation(PATCH)).toEqual({ kind: 'implicit', patch: PATCH });
  });

  it('keeps the heredoc body as written, even when the patch inside is invalid (the tool reports it)', () => {
    expect(parseApplyPatchInvocation("apply_patch <<'EOF'\nnot a patch\nEOF")).toEqual({
      kind: 'apply_patch',
      patch: 'not a patch',
    });
  });
});

describe('parseApplyPatchInvocation: ignored (the shell runs these as written)', () => {
  it.each([
    ['cd with a semicolon', heredoc('cd foo; ')],
    ['cd with ||', heredoc('cd bar || ')],
    ['cd piped', heredoc('cd bar | ')],
    ['echo before', heredoc('echo foo && ')],
    ['two cds', heredoc('cd foo && cd bar && ')],
    ['cd with two arguments', heredoc('cd foo bar && ')],
    ['a command after', heredoc('cd bar && ', ' && echo done')],
    ['a command after the heredoc', `${heredoc('')}\necho done`],
    ['a preceding statement', heredoc('echo foo; cd bar && ')],
    ['an extra argument', `apply_patch foo <<'PATCH'\n${PATCH}\nPATCH`],
    ['another program', heredoc('', '', 'git apply')],
    ['no heredoc', 'apply_patch'],
    ['a heredoc without its closing line', `apply_patch <<'EOF'\n${PATCH}\n`],
    ['a path-qualified command', heredoc('', '', './apply_patch')],
    ['an ordinary command', 'ls -la'],
    ['a cd with an expansion', heredoc('cd "$HOME" && ')],
  ])('%s', (_name, command) => {
    expect(parseApplyPatchInvocation(command)).toBeUndefined();
  });
});
