import { ConfigurationError } from '../errors/sdk-error.js';
import type { ModelInfo } from './model-info.js';

/**
 * Checks catalog data (the shipped file or entries registered at run time) and returns its
 * models. A catalog is updated by hand; a typo should fail loudly, not price a model at NaN.
 */
export function parseCatalog(data: unknown): ModelInfo[] {
  const models = (data as { models?: unknown } | null)?.models ?? data;
  if (!Array.isArray(models))
    throw new ConfigurationError('A model catalog is a list of models (or { models: [...] }).');
  return models.map((entry, index) => checkEntry(entry, index));
}

function checkEntry(entry: unknown, index: number): ModelInfo {
  const fail = (problem: string): never => {
    throw new ConfigurationError(`Model catalog entry ${index}: ${problem}.`);
  };
  if (entry === null || typeof entry !== 'object') return fail('not an object');
  const model = entry as Record<string, unknown>;
  for (const key of ['id', 'provider', 'displayName'] as const) {
    if (typeof model[key] !== 'string' || model[key] === '') fail(`"${key}" must be a non-empty string`);
  }
  if (!isPositive(model.contextWindow)) fail('"contextWindow" must be a positive number');
  if (model.maxOutput !== undefined && !isPositive(model.maxOutput))
    fail('"maxOutput" must be a positive number');
  const capabilities = model.capabilities as Record<string, unknown> | undefined;
  for (const key of ['tools', 'vision', 'reasoning']) {
    if (typeof capabilities?.[key] !== 'boolean') fail(`"capabilities.${key}" must be true or false`);
  }
  if (model.prices !== undefined) {
    const prices = model.prices as Record<string, unknown>;
    for (const key of ['input', 'output']) if (!isPrice(prices[key])) fail(`"prices.${key}" must be a price`);
    for (const key of ['cacheRead', 'cacheWrite']) {
      if (prices[key] !== undefined && !isPrice(prices[key])) fail(`"prices.${key}" must be a price`);
    }
  }
  if (
    model.aliases !== undefined &&
    !(Array.isArray(model.aliases) && model.aliases.every((a) => typeof a === 'string'))
  ) {
    fail('"aliases" must be a list of strings');
  }
  return { ...(model as unknown as ModelInfo), aliases: (model.aliases as string[] | undefined) ?? [] };
}

function isPositive(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function isPrice(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
