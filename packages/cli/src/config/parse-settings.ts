import { ConfigError } from './config-error.js';
import {
  BUILT_IN_PROVIDERS,
  PROFILE_NAMES,
  type ProviderSettings,
  REASONING_EFFORTS,
  SETTINGS_KEYS,
  type Settings,
  TOOL_PRESETS,
} from './settings-schema.js';

type Json = Record<string, unknown>;

/**
 * Checks one settings file's parsed JSON. A wrong value is a ConfigError naming the file and the
 * key; an unknown key is only a warning (a newer weft may know it).
 */
export function parseSettings(value: unknown, file: string): { settings: Settings; warnings: string[] } {
  if (!isObject(value)) throw new ConfigError(`${file}: the settings must be a JSON object.`);
  const warnings: string[] = [];
  const settings: Settings = {};
  const at = (key: string) => `${file}: "${key}"`;
  for (const [key, raw] of Object.entries(value)) {
    if (!(SETTINGS_KEYS as readonly string[]).includes(key)) {
      warnings.push(`${file}: unknown settings key "${key}" ignored (known: ${SETTINGS_KEYS.join(', ')}).`);
      continue;
    }
    switch (key as keyof Settings) {
      case 'provider':
        settings.provider = nonEmptyString(raw, at(key));
        break;
      case 'model':
        settings.model = nonEmptyString(raw, at(key));
        break;
      case 'systemPromptAppend':
        settings.systemPromptAppend = nonEmptyString(raw, at(key));
        break;
      case 'effort':
        settings.effort = oneOf(raw, REASONING_EFFORTS, at(key));
        break;
      case 'tools':
        settings.tools = oneOf(raw, TOOL_PRESETS, at(key));
        break;
      case 'allowedTools':
        settings.allowedTools = stringList(raw, at(key));
        break;
      case 'maxTurns':
        settings.maxTurns = positiveInteger(raw, at(key));
        break;
      case 'maxCostUsd':
        settings.maxCostUsd = positiveNumber(raw, at(key));
        break;
      case 'compaction':
        if (typeof raw !== 'boolean') throw new ConfigError(`${at(key)} must be true or false.`);
        settings.compaction = raw;
        break;
      case 'providers':
        settings.providers = providers(raw, at(key));
        break;
      case 'models':
        if (!Array.isArray(raw)) throw new ConfigError(`${at(key)} must be a list of model catalog entries.`);
        settings.models = raw;
        break;
    }
  }
  return { settings, warnings };
}

function providers(value: unknown, where: string): Record<string, ProviderSettings> {
  if (!isObject(value)) throw new ConfigError(`${where} must be an object of providers by name.`);
  const result: Record<string, ProviderSettings> = {};
  for (const [name, raw] of Object.entries(value)) {
    const here = `${where}.${name}`;
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(name)) {
      throw new ConfigError(`${here}: a provider name is lower-case letters, digits, '.', '_' and '-'.`);
    }
    if ((BUILT_IN_PROVIDERS as readonly string[]).includes(name)) {
      throw new ConfigError(
        `${here}: "${name}" is built in (configured by ${name.toUpperCase()}_API_KEY and ${name.toUpperCase()}_BASE_URL); give the extra provider another name.`,
      );
    }
    if (!isObject(raw)) throw new ConfigError(`${here} must be an object with at least "baseUrl".`);
    const baseUrl = nonEmptyString(raw.baseUrl, `${here}.baseUrl`);
    if (!/^https?:\/\//.test(baseUrl)) throw new ConfigError(`${here}.baseUrl must be an http(s) URL.`);
    const entry: ProviderSettings = { baseUrl };
    for (const field of Object.keys(raw)) {
      if (!['baseUrl', 'apiKeyEnv', 'apiKey', 'model', 'profile', 'preset'].includes(field)) {
        throw new ConfigError(
          `${here}.${field} is not a provider setting (known: baseUrl, apiKeyEnv, apiKey, model, profile, preset).`,
        );
      }
    }
    if (raw.apiKeyEnv !== undefined) entry.apiKeyEnv = nonEmptyString(raw.apiKeyEnv, `${here}.apiKeyEnv`);
    if (raw.apiKey !== undefined) entry.apiKey = nonEmptyString(raw.apiKey, `${here}.apiKey`);
    if (raw.model !== undefined) entry.model = nonEmptyString(raw.model, `${here}.model`);
    if (raw.profile !== undefined) entry.profile = oneOf(raw.profile, PROFILE_NAMES, `${here}.profile`);
    if (raw.preset !== undefined) entry.preset = nonEmptyString(raw.preset, `${here}.preset`);
    result[name] = entry;
  }
  return result;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ConfigError(`${where} must be a non-empty string.`);
  return value;
}

function stringList(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item !== '')) {
    throw new ConfigError(`${where} must be a list of tool names.`);
  }
  return value as string[];
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${where} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)}).`);
  }
  return value as T;
}

export function positiveInteger(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${where} must be a whole number of at least 1 (got ${JSON.stringify(value)}).`);
  }
  return value;
}

export function positiveNumber(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigError(`${where} must be a number above 0 (got ${JSON.stringify(value)}).`);
  }
  return value;
}
