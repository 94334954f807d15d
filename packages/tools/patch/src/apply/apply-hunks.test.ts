import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { NodeFileAccess } from '../command/node-file-access.js';
import { ExpectedLinesNotFoundError } from '../content/content-errors.js';
import { parsePatch } from '../parser/parse-patch.js';
import { DeleteFileError, EmptyPatchError, ReadFileToUpdateError, WriteFileError } from './apply-errors.js';
import { applyHunks } from './apply-hunks.js';

const patch = (...body: string[]) =>
  parsePatch(['*** Begin Patch', ...body, '*** End Patch'].join('\n')).hunks;

describe('applyHunks over real files (the command’s sequential semantics)', () => {
  it('applies hunks in order and lists paths as written, grouped A, M, D', async () => {
    using dir = createTempDir('apply-hunks-');
    writeFileSync(dir.join('m.txt'), 'x\n');
    writeFileSync(dir.join('d.txt'), 'd\n');
    const { affected } = await applyHunks(
      patch(
        '*** Delete File: d.txt',
        '*** Update File: m.txt',
        '@@',
        '-x',
        '+y',
        '*** Add File: sub/a.txt',
        '+a',
      ),
      new NodeFileAccess(dir.path),
    );
    expect(affected).toEqual({ added: ['sub/a.txt'], modified: ['m.txt'], deleted: ['d.txt'] });
    expect(readFileSync(dir.join('m.txt'), 'utf8')).toBe('y\n');
    expect(readFileSync(dir.join('sub/a.txt'), 'utf8')).toBe('a\n');
    expect(existsSync(dir.join('d.txt'))).toBe(false);
  });

  it('rejects an empty patch', async () => {
    using dir = createTempDir('apply-hunks-');
    await expect(applyHunks([], new NodeFileAccess(dir.path))).rejects.toThrow(new EmptyPatchError());
  });

  it('stops at the first failure and keeps what earlier hunks did', async () => {
    using dir = createTempDir('apply-hunks-');
    const run = applyHunks(
      patch('*** Add File: made.txt', '+m', '*** Delete File: nope.txt'),
      new NodeFileAccess(dir.path),
    );
    await expect(run).rejects.toThrow(new DeleteFileError(dir.join('nope.txt'), expect.anything(), 'delete'));
    await expect(run).rejects.toThrow(`Failed to delete file ${dir.path}/nope.txt`);
    expect(readFileSync(dir.join('made.txt'), 'utf8')).toBe('m\n');
  });

  it('names the file it could not read for an update, with the OS reason', async () => {
    using dir = createTempDir('apply-hunks-');
    await expect(
      applyHunks(patch('*** Update File: gone.txt', '@@', '-a'), new NodeFileAccess(dir.path)),
    ).rejects.toThrow(
      `Failed to read file to update ${dir.path}/gone.txt: No such file or directory (os error 2)`,
    );
    mkdirSync(dir.join('folder'));
    await expect(
      applyHunks(patch('*** Update File: folder', '@@', '-a'), new NodeFileAccess(dir.path)),
    ).rejects.toThrow(ReadFileToUpdateError);
  });

  it('refuses to rewrite a file that is not UTF-8', async () => {
    using dir = createTempDir('apply-hunks-');
    writeFileSync(dir.join('bin'), Buffer.from([0xff, 0x00, 0x0a]));
    await expect(
      applyHunks(patch('*** Update File: bin', '@@', '+x'), new NodeFileAccess(dir.path)),
    ).rejects.toThrow('stream did not contain valid UTF-8');
    expect(readFileSync(dir.join('bin'))).toEqual(Buffer.from([0xff, 0x00, 0x0a]));
  });

  it('reports a chunk that does not match with the absolute path', async () => {
    using dir = createTempDir('apply-hunks-');
    writeFileSync(dir.join('f.txt'), 'a\n');
    await expect(
      applyHunks(patch('*** Update File: f.txt', '@@', '-b'), new NodeFileAccess(dir.path)),
    ).rejects.toThrow(new ExpectedLinesNotFoundError(dir.join('f.txt'), ['b']));
  });

  it('moves a file: writes the destination (creating folders, replacing a file there) and removes the source', async () => {
    using dir = createTempDir('apply-hunks-');
    mkdirSync(dir.join('src'));
    writeFileSync(dir.join('src/a.txt'), 'x\n');
    mkdirSync(dir.join('dst'));
    writeFileSync(dir.join('dst/b.txt'), 'old\n');
    const { affected } = await applyHunks(
      patch('*** Update File: src/a.txt', '*** Move to: dst/b.txt', '@@', '-x', '+y'),
      new NodeFileAccess(dir.path),
    );
    expect(affected.modified).toEqual(['dst/b.txt']);
    expect(readFileSync(dir.join('dst/b.txt'), 'utf8')).toBe('y\n');
    expect(existsSync(dir.join('src/a.txt'))).toBe(false);
    expect(existsSync(dir.join('src'))).toBe(true);
  });

  it('treats a move onto the same file as an update instead of deleting it', async () => {
    using dir = createTempDir('apply-hunks-');
    writeFileSync(dir.join('a.txt'), 'x\n');
    await applyHunks(
      patch('*** Update File: a.txt', '*** Move to: ./a.txt', '@@', '-x', '+y'),
      new NodeFileAccess(dir.path),
    );
    expect(readFileSync(dir.join('a.txt'), 'utf8')).toBe('y\n');
  });

  it('accepts absolute paths as they are', async () => {
    using dir = createTempDir('apply-hunks-');
    using elsewhere = createTempDir('apply-hunks-abs-');
    const { affected } = await applyHunks(
      patch(`*** Add File: ${elsewhere.join('x.txt')}`, '+x'),
      new NodeFileAccess(dir.path),
    );
    expect(affected.added).toEqual([elsewhere.join('x.txt')]);
    expect(readFileSync(elsewhere.join('x.txt'), 'utf8')).toBe('x\n');
  });

  it('fails to add a file below a file with the parent-folder message', async () => {
    using dir = createTempDir('apply-hunks-');
    writeFileSync(dir.join('plain'), 'p');
    const run = applyHunks(patch('*** Add File: plain/child', '+c'), new NodeFileAccess(dir.path));
    await expect(run).rejects.toThrow(WriteFileError);
    await expect(run).rejects.toThrow(`Failed to create parent directories for ${dir.path}/plain/child`);
  });

  it('fails to add a file where a folder is, with the write message', async () => {
    using dir = createTempDir('apply-hunks-');
    mkdirSync(dir.join('folder'));
    await expect(
      applyHunks(patch('*** Add File: folder', '+c'), new NodeFileAccess(dir.path)),
    ).rejects.toThrow(`Failed to write file ${dir.path}/folder`);
  });

  it('records each change with a diff when asked', async () => {
    using dir = createTempDir('apply-hunks-');
    writeFileSync(dir.join('m.txt'), 'a\nb\n');
    writeFileSync(dir.join('d.txt'), 'gone\n');
    writeFileSync(dir.join('o.txt'), 'before\n');
    const { changes } = await applyHunks(
      patch(
        '*** Update File: m.txt',
        '@@',
        ' a',
        '-b',
        '+B',
        '*** Delete File: d.txt',
        '*** Add File: o.txt',
        '+after',
        '*** Add File: n.txt',
        '+new',
      ),
      new NodeFileAccess(dir.path),
      { recordChanges: true },
    );
    expect(changes.map((change) => [change.kind, change.path])).toEqual([
      ['update', 'm.txt'],
      ['delete', 'd.txt'],
      ['add', 'o.txt'],
      ['add', 'n.txt'],
    ]);
    expect(changes[0]).toMatchObject({ previousContent: 'a\nb\n', newContent: 'a\nB\n' });
    expect(changes[0]?.diff).toContain('-b\n+B\n');
    expect(changes[1]).toMatchObject({ previousContent: 'gone\n' });
    expect(changes[1]?.diff).toContain('+++ /dev/null');
    expect(changes[2]).toMatchObject({ overwritten: true });
    expect(changes[2]?.diff).toContain('-before\n+after\n');
    expect(changes[3]).toMatchObject({ overwritten: false });
    expect(changes[3]?.diff).toContain('--- /dev/null');
  });

  it('when recording, checks a file before deleting it, so a folder fails at that read', async () => {
    using dir = createTempDir('apply-hunks-');
    mkdirSync(dir.join('folder'));
    const run = applyHunks(patch('*** Delete File: folder'), new NodeFileAccess(dir.path), {
      recordChanges: true,
    });
    await expect(run).rejects.toMatchObject({ stage: 'read', cause: { code: 'IS_DIRECTORY' } });
  });

  it('deletes a binary file and says so in the diff', async () => {
    using dir = createTempDir('apply-hunks-');
    writeFileSync(dir.join('b.bin'), Buffer.from([0xff, 0xfe]));
    const { changes } = await applyHunks(patch('*** Delete File: b.bin'), new NodeFileAccess(dir.path), {
      recordChanges: true,
    });
    expect(changes[0]).toMatchObject({ previousContent: undefined, diff: 'Binary file b.bin deleted\n' });
    expect(existsSync(dir.join('b.bin'))).toBe(false);
  });
});
