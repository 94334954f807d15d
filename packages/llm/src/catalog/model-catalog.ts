import catalogData from '../../data/models.json' with { type: 'json' };
import type { ModelCapability, ModelInfo } from './model-info.js';
import { parseCatalog } from './parse-catalog.js';

/**
 * The model catalog: the shipped data/models.json, plus whatever `registerModels` added. Lookups
 * accept ids and aliases. The catalog is advisory: requests for models it does not know go out
 * unchanged.
 */
let models: ModelInfo[] = parseCatalog(catalogData);
let index = indexOf(models);

function indexOf(list: readonly ModelInfo[]): Map<string, ModelInfo> {
  const byName = new Map<string, ModelInfo>();
  for (const model of list) {
    for (const alias of model.aliases) byName.set(alias, model);
  }
  // Ids win over aliases of other entries.
  for (const model of list) byName.set(model.id, model);
  return byName;
}

/** The model with this id or alias, or undefined. */
export function getModelInfo(id: string): ModelInfo | undefined {
  return index.get(id) ?? index.get(id.replace(/^models\//, ''));
}

/** Every model, or one provider's, newest first. */
export function listModels(provider?: string): ModelInfo[] {
  return provider === undefined ? [...models] : models.filter((model) => model.provider === provider);
}

/** The newest model of a provider, optionally one with a capability (tools, vision, reasoning). */
export function getLatestModel(provider: string, capability?: ModelCapability): ModelInfo | undefined {
  return models.find(
    (model) => model.provider === provider && (capability === undefined || model.capabilities[capability]),
  );
}

/**
 * Adds models to the catalog or replaces those with the same id (to update prices or add a model
 * without a release). Entries are checked like the shipped file; new ones go before the existing
 * ones of their provider, as the newest.
 */
export function registerModels(entries: unknown): void {
  const added = new Map(parseCatalog(entries).map((model) => [model.id, model]));
  const known = new Set(models.map((model) => model.id));
  const fresh = [...added.values()].filter((model) => !known.has(model.id));
  models = [...fresh, ...models.map((model) => added.get(model.id) ?? model)];
  index = indexOf(models);
}

/** Restores the shipped catalog (for tests). */
export function resetModelCatalog(): void {
  models = parseCatalog(catalogData);
  index = indexOf(models);
}
