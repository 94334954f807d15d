import {
  type Message,
  Message as Messages,
  type ReasoningEffort,
  type Request,
  type ToolDefinition,
} from '@weft/llm';
import { estimateTokens } from '../context/estimate-tokens.js';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import { MessageCache } from '../history/message-cache.js';
import type { Turn } from '../history/turn.js';
import type { ProviderProfile } from '../profile/provider-profile.js';
import { assembleSystemPrompt } from '../prompt/assemble-system-prompt.js';
import type { GitSnapshot } from '../prompt/git-snapshot.js';
import { AGENTS_MD, discoverProjectDocs } from '../prompt/project-docs.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { BuiltRequest } from './loop-host.js';

/** Who answers the next model call. Changed between calls by setModel / setReasoningEffort. */
export interface ModelSelection {
  profile: ProviderProfile;
  provider: string;
  model: string;
  reasoningEffort: ReasoningEffort | undefined;
}

export interface RequestInputs {
  selection: ModelSelection;
  env: ExecutionEnvironment;
  registry: ToolRegistry;
  history: readonly Turn[];
  /** The git snapshot taken at session start (undefined outside a repository). */
  gitSnapshot: GitSnapshot | undefined;
  /** The host's own instructions, last in the system prompt. */
  instructions: string | undefined;
  now: Date;
}

/**
 * Builds each model call's request (loop spec §2.5 step 2). The system prompt is assembled anew
 * every time, project instruction files rediscovered, as the spec asks; the history's messages
 * come from a {@link MessageCache}, so a long history costs only its new turns, and the tool
 * definitions from the registry's cache.
 */
export class RequestBuilder {
  private readonly messages = new MessageCache({ vision: false });
  private toolTokens: { definitions: ToolDefinition[]; tokens: number } | undefined;
  private readonly reportedDocWarnings = new Set<string>();

  constructor(private readonly onWarning: (message: string) => void) {}

  async build(inputs: RequestInputs): Promise<BuiltRequest> {
    const { selection, env, registry } = inputs;
    const { profile } = selection;
    const tools = registry.list();
    const projectDocs = await discoverProjectDocs(env, [AGENTS_MD, ...profile.projectDocFiles], {
      gitSnapshot: inputs.gitSnapshot ?? null,
    });
    for (const warning of projectDocs.warnings) {
      if (this.reportedDocWarnings.has(warning)) continue;
      this.reportedDocWarnings.add(warning);
      this.onWarning(warning);
    }
    const system = assembleSystemPrompt({
      profile,
      env,
      model: selection.model,
      tools,
      date: inputs.now,
      gitSnapshot: inputs.gitSnapshot,
      projectDocs,
      hostInstructions: inputs.instructions,
    });
    const messages = this.messagesFor(inputs.history, profile.capabilities.vision);
    const definitions = registry.definitions();
    const providerOptions = profile.providerOptions?.();
    const request: Request = {
      model: selection.model,
      provider: selection.provider,
      messages: [Messages.system(system), ...messages],
      ...(definitions.length > 0 ? { tools: definitions, toolChoice: { mode: 'auto' } } : {}),
      ...(selection.reasoningEffort === undefined ? {} : { reasoningEffort: selection.reasoningEffort }),
      ...(providerOptions === undefined ? {} : { providerOptions }),
    };
    return { request, fixedTokens: estimateTokens(system) + this.definitionTokens(definitions) };
  }

  /** The history's messages alone (what the benchmark times as the raw step). */
  messagesFor(history: readonly Turn[], vision: boolean): readonly Message[] {
    this.messages.setTarget({ vision });
    return this.messages.messagesFor(history);
  }

  private definitionTokens(definitions: ToolDefinition[]): number {
    if (this.toolTokens?.definitions !== definitions) {
      this.toolTokens = { definitions, tokens: estimateTokens(JSON.stringify(definitions)) };
    }
    return this.toolTokens.tokens;
  }
}
