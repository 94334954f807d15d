import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { FileAccessError } from '../apply/file-access.js';
import { commitStaged } from './commit-staged.js';
import { EnvironmentFiles } from './environment-files.js';
import { StagedFiles } from './staged-files.js';

function staging(workingDirectory: string) {
  const files = new EnvironmentFiles(new LocalExecutionEnvironment({ workingDirectory }));
  return { files, staged: new StagedFiles(files) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('StagedFiles (the in-memory overlay the tool verifies a patch on)', () => {
  it('reads through to the environment and sees its own staged writes and deletes', async () => {
    using dir = createTempDir('staged-');
    writeFileSync(dir.join('a.txt'), 'disk');
    const { staged } = staging(dir.path);
    expect(text(await staged.read(dir.join('a.txt')))).toBe('disk');
    await staged.write(dir.join('a.txt'), 'staged');
    expect(text(await staged.read(dir.join('a.txt')))).toBe('staged');
    await staged.delete(dir.join('a.txt'));
    expect(await staged.exists(dir.join('a.txt'))).toBe(false);
    await expect(staged.read(dir.join('a.txt'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(readFileSync(dir.join('a.txt'), 'utf8')).toBe('disk');
  });

  it('refuses to delete what is missing or a folder, as the real delete would', async () => {
    using dir = createTempDir('staged-');
    mkdirSync(dir.join('folder'));
    const { staged } = staging(dir.path);
    await expect(staged.delete(dir.join('missing'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(staged.delete(dir.join('folder'))).rejects.toMatchObject({ code: 'IS_DIRECTORY' });
  });

  it('refuses a file below a file, including one staged earlier', async () => {
    using dir = createTempDir('staged-');
    writeFileSync(dir.join('plain'), 'p');
    const { staged } = staging(dir.path);
    await expect(staged.write(dir.join('plain/child'), 'c')).rejects.toMatchObject({
      code: 'NOT_DIRECTORY',
      stage: 'create-parents',
    });
    await staged.write(dir.join('new'), 'n');
    await expect(staged.write(dir.join('new/child'), 'c')).rejects.toBeInstanceOf(FileAccessError);
  });

  it('refuses a file where a folder is, or will be created', async () => {
    using dir = createTempDir('staged-');
    mkdirSync(dir.join('folder'));
    const { staged } = staging(dir.path);
    await expect(staged.write(dir.join('folder'), 'x')).rejects.toMatchObject({ code: 'IS_DIRECTORY' });
    await staged.write(dir.join('made/inner.txt'), 'x');
    await expect(staged.write(dir.join('made'), 'x')).rejects.toMatchObject({ code: 'IS_DIRECTORY' });
  });

  it('allows a file where a deleted file was a folder’s place, and commits the delete first', async () => {
    using dir = createTempDir('staged-');
    writeFileSync(dir.join('node'), 'file');
    const { files, staged } = staging(dir.path);
    await staged.delete(dir.join('node'));
    await staged.write(dir.join('node/child.txt'), 'child');
    expect(staged.operations()).toEqual([
      { path: dir.join('node'), content: null },
      { path: dir.join('node/child.txt'), content: 'child' },
    ]);
    expect(await commitStaged(files, staged.operations())).toBeUndefined();
    expect(readFileSync(dir.join('node/child.txt'), 'utf8')).toBe('child');
  });

  it('refuses writes outside the allowed folders with the environment’s explanation', async () => {
    using root = createTempDir('staged-');
    mkdirSync(root.join('project'));
    const { staged } = staging(root.join('project'));
    const refusal = staged.write(root.join('outside.txt'), 'x');
    await expect(refusal).rejects.toMatchObject({ code: 'OUTSIDE_ALLOWED_ROOTS' });
    await expect(refusal).rejects.toThrow(root.join('project'));
  });

  it('lets a link inside the project be deleted even when it points outside', async () => {
    using root = createTempDir('staged-');
    mkdirSync(root.join('project'));
    writeFileSync(root.join('target.txt'), 't');
    symlinkSync(root.join('target.txt'), root.join('project/link.txt'));
    const { files, staged } = staging(root.join('project'));
    await staged.delete(root.join('project/link.txt'));
    expect(await commitStaged(files, staged.operations())).toBeUndefined();
    expect(() => lstatSync(root.join('project/link.txt'))).toThrow();
    expect(existsSync(root.join('target.txt'))).toBe(true);
  });
});
