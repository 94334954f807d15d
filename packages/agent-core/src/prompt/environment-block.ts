import { getModelInfo } from '@weft/llm';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import type { GitSnapshot } from './git-snapshot.js';

export interface EnvironmentBlockInput {
  env: ExecutionEnvironment;
  /** The model id; shown by its catalog display name when the catalog knows it. */
  model: string;
  /** Today, as a Date (its local calendar date is used) or 'YYYY-MM-DD'. */
  date: Date | string;
  /** 'YYYY-MM' or similar; the line is left out when undefined. */
  knowledgeCutoff?: string | undefined;
  /** The session's snapshot; undefined outside a repository. */
  gitSnapshot?: GitSnapshot | undefined;
}

/**
 * The `<environment>` block of the loop spec's §6.3 (working directory, git repo and branch,
 * platform, OS version, date, model, knowledge cutoff), followed by the git snapshot of §6.4
 * (branch, counts of changed files, recent commits) when there is one. Lines with nothing to say
 * (no branch outside a repository, no known cutoff) are left out rather than filled with
 * "unknown", which a model may take literally.
 */
export function buildEnvironmentBlock(input: EnvironmentBlockInput): string {
  const { env, gitSnapshot } = input;
  const lines = [
    '<environment>',
    `Working directory: ${env.workingDirectory}`,
    `Is git repo: ${gitSnapshot ? 'true' : 'false'}`,
  ];
  if (gitSnapshot) lines.push(`Git branch: ${branchLabel(gitSnapshot)}`);
  lines.push(
    `Platform: ${env.platform}`,
    `OS version: ${env.osVersion}`,
    `Today's date: ${formatDate(input.date)}`,
    `Model: ${modelDisplayName(input.model)}`,
  );
  if (input.knowledgeCutoff) lines.push(`Knowledge cutoff: ${input.knowledgeCutoff}`);
  lines.push('</environment>');
  if (gitSnapshot) lines.push('', gitStatusBlock(gitSnapshot));
  return lines.join('\n');
}

/** The catalog's display name with the id beside it ("Claude Sonnet 5.5 (claude-sonnet-5-5)"), or the id. */
export function modelDisplayName(model: string): string {
  const name = getModelInfo(model)?.displayName;
  return name && name !== model ? `${name} (${model})` : model;
}

/** 'YYYY-MM-DD': a string is passed through, a Date gives its local calendar date. */
export function formatDate(date: Date | string): string {
  if (typeof date === 'string') return date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function branchLabel(snapshot: GitSnapshot): string {
  if (snapshot.branch !== undefined) return snapshot.branch;
  return snapshot.head ? `(detached HEAD at ${snapshot.head})` : '(detached HEAD)';
}

function gitStatusBlock(snapshot: GitSnapshot): string {
  const lines = [
    '<git_status>',
    'A snapshot taken when the session started; run git for the current state.',
    `Repository root: ${snapshot.root}`,
    `Branch: ${branchLabel(snapshot)}`,
    `Modified files: ${snapshot.modifiedFiles}`,
    `Untracked files: ${snapshot.untrackedFiles}`,
  ];
  if (snapshot.recentCommits.length > 0) {
    lines.push(
      'Recent commits:',
      ...snapshot.recentCommits.map((commit) => `${commit.hash} ${commit.subject}`),
    );
  } else {
    lines.push('Recent commits: none yet');
  }
  lines.push('</git_status>');
  return lines.join('\n');
}
