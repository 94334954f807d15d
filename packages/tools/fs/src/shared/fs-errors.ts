import { isEnvironmentError } from '@weft/agent-core';
import { FsToolError } from './fs-tool-error.js';

/**
 * Failures every file tool shares. The first sentence keeps the wording of pi's tools
 * ("File not found: x") so models and hosts that know those recognise it; the rest says what to
 * do next.
 */
export const fsErrors = {
  fileNotFound: (path: string, workingDirectory: string) =>
    new FsToolError(
      `File not found: ${path}. Check the path (relative paths start at ${workingDirectory}); list_dir shows what a folder contains.`,
      { code: 'FILE_NOT_FOUND', path },
    ),
  isDirectory: (path: string) =>
    new FsToolError(
      `Is a directory: ${path}. This tool works on files; list_dir shows what the folder contains.`,
      {
        code: 'IS_DIRECTORY',
        path,
      },
    ),
  notRegularFile: (path: string) =>
    new FsToolError(
      `Not a regular file: ${path} (a device, socket or pipe). Only regular files can be read or changed with this tool.`,
      { code: 'NOT_REGULAR_FILE', path },
    ),
  permissionDenied: (path: string, action: 'read' | 'write', cause?: unknown) =>
    new FsToolError(
      `Permission denied: ${path}. This process may not ${action} it; choose another path, or change its permissions with the shell tool if that is intended.`,
      { code: 'PERMISSION_DENIED', path },
      { cause },
    ),
};

/**
 * Rethrows an environment error as an FsToolError with advice where the tool can add some;
 * anything else (OUTSIDE_ALLOWED_ROOTS already names the allowed folders) is rethrown unchanged.
 */
export function adviseOnEnvironmentError(
  error: unknown,
  path: string,
  action: 'read' | 'write',
  workingDirectory: string,
): never {
  if (isEnvironmentError(error, 'NOT_FOUND')) throw fsErrors.fileNotFound(path, workingDirectory);
  if (isEnvironmentError(error, 'IS_DIRECTORY')) throw fsErrors.isDirectory(path);
  if (isEnvironmentError(error, 'PERMISSION_DENIED')) throw fsErrors.permissionDenied(path, action, error);
  if (isEnvironmentError(error, 'NOT_DIRECTORY')) {
    throw new FsToolError(`${error.message}. Check the path: one of its folders is a file.`, {
      code: 'NOT_DIRECTORY',
      path,
    });
  }
  throw error;
}
