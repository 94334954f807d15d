import { getModelInfo } from '@weft/llm';
import { ConfigError } from '../config/config-error.js';
import { NO_PROVIDER_MESSAGE, type ProviderEntry, requireProvider } from './providers.js';

export interface ModelChoice {
  provider: ProviderEntry;
  model: string;
}

/** `provider/model` split at the first '/' when the prefix is a provider's name; else the whole is a model id. */
export function parseModelSpec(
  spec: string,
  table: readonly ProviderEntry[],
): { provider: string | undefined; model: string } {
  const slash = spec.indexOf('/');
  if (slash > 0) {
    const prefix = spec.slice(0, slash);
    if (table.some((entry) => entry.name === prefix)) {
      const model = spec.slice(slash + 1);
      if (model === '') throw new ConfigError(`"${spec}" names no model after the provider.`);
      return { provider: prefix, model };
    }
  }
  return { provider: undefined, model: spec };
}

export interface ModelRequest {
  /** --model. */
  model?: string | undefined;
  /** --provider. */
  provider?: string | undefined;
  /** The settings' `model` and `provider`. */
  settingsModel?: string | undefined;
  settingsProvider?: string | undefined;
}

/**
 * Which provider and model a run uses. The command line beats the settings; a model named without
 * its provider goes to the provider the catalog lists for it (when usable), else the provider
 * chosen otherwise; with nothing named, the first usable provider and its default model.
 */
export function resolveModel(request: ModelRequest, table: readonly ProviderEntry[]): ModelChoice {
  if (!table.some((entry) => entry.usable)) throw new ConfigError(NO_PROVIDER_MESSAGE);
  const flag = request.model === undefined ? undefined : parseModelSpec(request.model, table);
  const fromSettings =
    request.settingsModel === undefined ? undefined : parseModelSpec(request.settingsModel, table);
  const catalogProvider = (model: string | undefined) => {
    const listed = model === undefined ? undefined : getModelInfo(model)?.provider;
    return table.some((entry) => entry.name === listed && entry.usable) ? listed : undefined;
  };
  const providerName =
    flag?.provider ??
    request.provider ??
    catalogProvider(flag?.model) ??
    fromSettings?.provider ??
    request.settingsProvider ??
    catalogProvider(fromSettings?.model) ??
    table.find((entry) => entry.usable)?.name;
  const provider = requireProvider(table, providerName as string);
  const settingsModelFits =
    fromSettings !== undefined &&
    (fromSettings.provider ??
      request.settingsProvider ??
      catalogProvider(fromSettings.model) ??
      provider.name) === provider.name;
  const model = flag?.model ?? (settingsModelFits ? fromSettings?.model : undefined) ?? provider.defaultModel;
  if (model === undefined) {
    throw new ConfigError(
      `No model for the provider "${provider.name}": pass --model ${provider.name}/MODEL or set "model" for it under "providers" in the settings.`,
    );
  }
  return { provider, model };
}
