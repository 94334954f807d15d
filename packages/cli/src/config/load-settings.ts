import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from './config-error.js';
import { parseSettings } from './parse-settings.js';
import type { Settings } from './settings-schema.js';

export interface LoadedSettings {
  /** User-level settings with the project's on top. */
  settings: Settings;
  /** The files read, user level first. */
  files: string[];
  warnings: string[];
}

/** The project's settings file: `.weft/settings.json` in the working directory or the nearest folder above it. */
export const PROJECT_SETTINGS = join('.weft', 'settings.json');

/**
 * Reads the user-level file (`<configDir>/settings.json`) and the project-level one (the nearest
 * `.weft/settings.json` from `workingDirectory` up), and merges them: the project wins key by key,
 * and `providers` merge by provider name. Missing files are fine; unreadable or invalid ones are
 * a ConfigError.
 */
export async function loadSettings(configDir: string, workingDirectory: string): Promise<LoadedSettings> {
  const userFile = join(configDir, 'settings.json');
  const [user, project] = await Promise.all([
    readSettingsFile(userFile),
    findProjectSettings(workingDirectory),
  ]);
  const files: string[] = [];
  const warnings: string[] = [];
  let settings: Settings = {};
  for (const loaded of [user, project]) {
    if (!loaded) continue;
    files.push(loaded.file);
    warnings.push(...loaded.warnings);
    settings = mergeSettings(settings, loaded.settings);
  }
  return { settings, files, warnings };
}

export function mergeSettings(base: Settings, over: Settings): Settings {
  const merged: Settings = { ...base, ...over };
  if (base.providers || over.providers) merged.providers = { ...base.providers, ...over.providers };
  if (base.models || over.models) merged.models = [...(base.models ?? []), ...(over.models ?? [])];
  return merged;
}

async function findProjectSettings(workingDirectory: string) {
  for (let directory = workingDirectory; ; directory = dirname(directory)) {
    const found = await readSettingsFile(join(directory, PROJECT_SETTINGS));
    if (found) return found;
    if (dirname(directory) === directory) return undefined;
  }
}

async function readSettingsFile(file: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ConfigError(`${file}: cannot be read (${code ?? String(error)}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message}).`);
  }
  return { file, ...parseSettings(json, file) };
}
