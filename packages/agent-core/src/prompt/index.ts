/**
 * System prompt assembly (the loop spec's §6): the git snapshot taken at session start, project
 * instruction discovery, the `<environment>` block, the tool layer, and the assembly of all
 * layers. See docs/system-prompt.md.
 */
export { type AssembleSystemPromptInput, assembleSystemPrompt } from './assemble-system-prompt.js';
export {
  buildEnvironmentBlock,
  type EnvironmentBlockInput,
  formatDate,
  modelDisplayName,
} from './environment-block.js';
export {
  type GitCommit,
  type GitSnapshot,
  type GitSnapshotOptions,
  prefetchGitSnapshot,
  takeGitSnapshot,
} from './git-snapshot.js';
export {
  AGENTS_MD,
  type DiscoverProjectDocsOptions,
  discoverProjectDocs,
  PROJECT_DOCS_BUDGET_BYTES,
  PROJECT_DOCS_TRUNCATION_MARKER,
  type ProjectDoc,
  type ProjectDocs,
} from './project-docs.js';
export { buildToolDescriptions, type ToolDescriptionStyle } from './tool-descriptions.js';
