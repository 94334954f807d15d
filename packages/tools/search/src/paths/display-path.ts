/**
 * How a path is shown to the model: relative to the working directory when it is inside it (so
 * it can be passed straight to another tool), absolute otherwise. The working directory itself
 * is '.'. Paths are '/'-separated, as every environment reports them.
 */
export function toDisplayPath(absolutePath: string, workingDirectory: string): string {
  const root = workingDirectory.endsWith('/') ? workingDirectory : `${workingDirectory}/`;
  if (absolutePath === workingDirectory || `${absolutePath}/` === root) return '.';
  return absolutePath.startsWith(root) ? absolutePath.slice(root.length) : absolutePath;
}
