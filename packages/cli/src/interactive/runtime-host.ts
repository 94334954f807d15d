import { listModels } from '@weft/llm';
import type { CliRuntime } from '../runtime/cli-runtime.js';
import type { InteractiveHost } from './contract.js';

/** Models offered per provider by /model. */
const MODELS_PER_PROVIDER = 4;

/** The interactive mode's view of the CLI runtime. */
export function hostFromRuntime(runtime: CliRuntime): InteractiveHost {
  return {
    workingDirectory: runtime.config.cwd,
    persistent: runtime.store !== undefined,
    initialSession: (onWarning) => runtime.openInitialSession(onWarning),
    newSession: () => runtime.createSession(),
    resumeSession: (id) => runtime.resumeSession(id),
    forkSession: (id, entryId) => runtime.forkSession(id, entryId),
    // The runtime interrupts its current session, which is the one the interface shows.
    interrupt: () => runtime.interrupt(),
    listSessions: () => runtime.listSessions(),
    setModel: async (spec) => {
      await runtime.setModel(spec);
    },
    setEffort: (effort) => runtime.setEffort(effort),
    spend: () => {
      const cost = runtime.cost.costUsd;
      return {
        tokens: runtime.cost.usage.totalTokens,
        costUsd: cost === null ? undefined : cost,
        models: runtime.cost.models,
      };
    },
    knownModels: () =>
      runtime.settings.providers.flatMap((provider) =>
        listModels(provider)
          .filter((model) => model.capabilities.tools)
          .slice(0, MODELS_PER_PROVIDER)
          .map((model) => `${provider}/${model.id}`),
      ),
  };
}
