import { rgPath } from '@vscode/ripgrep';

/**
 * The ripgrep binary shipped inside the `@vscode/ripgrep` npm package (a static build, so it
 * also runs in a Linux container that can see this path). Environments that run elsewhere (a
 * remote host over SSH) pass their own path through the tools' `rgPath` option.
 */
export const defaultRgPath: string = rgPath;
