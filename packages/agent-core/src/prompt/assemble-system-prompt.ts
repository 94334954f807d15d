import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import type { ProviderProfile } from '../profile/provider-profile.js';
import type { Tool } from '../tools/tool.js';
import { buildEnvironmentBlock, formatDate } from './environment-block.js';
import type { GitSnapshot } from './git-snapshot.js';
import type { ProjectDocs } from './project-docs.js';
import { buildToolDescriptions, type ToolDescriptionStyle } from './tool-descriptions.js';

export interface AssembleSystemPromptInput {
  profile: ProviderProfile;
  env: ExecutionEnvironment;
  /** The model of this call (it may differ from `profile.model` after a model change). */
  model: string;
  /** The tools the model gets this call, after host overrides. */
  tools: readonly Tool[];
  /** Today, as a Date (its local calendar date) or 'YYYY-MM-DD'. */
  date: Date | string;
  gitSnapshot?: GitSnapshot | undefined;
  projectDocs?: ProjectDocs | undefined;
  /** The host's own instructions, appended last so they take precedence over every other layer. */
  hostInstructions?: string | undefined;
  /** The tool layer's style; see {@link ToolDescriptionStyle}. Default 'summary'. */
  toolDescriptions?: ToolDescriptionStyle;
}

/**
 * The system prompt of one model call, in the loop spec's layer order (§6.1), later layers taking
 * precedence: the profile's base instructions, the `<environment>` block with the git snapshot,
 * the tool layer, the project instructions, the host's instructions. Layers with nothing to say
 * are left out; the rest are separated by a blank line. Pure and cheap, so the session can
 * rebuild it for every call as the spec asks.
 */
export function assembleSystemPrompt(input: AssembleSystemPromptInput): string {
  const { profile, env, model, tools } = input;
  const date = formatDate(input.date);
  const layers = [
    profile.buildSystemPrompt({ env, model, tools, date }),
    buildEnvironmentBlock({
      env,
      model,
      date,
      knowledgeCutoff: profile.capabilities.knowledgeCutoff,
      gitSnapshot: input.gitSnapshot,
    }),
    buildToolDescriptions(tools, input.toolDescriptions),
    input.projectDocs?.text ?? '',
    input.hostInstructions ?? '',
  ];
  return layers
    .map((layer) => layer.trim())
    .filter((layer) => layer.length > 0)
    .join('\n\n');
}
