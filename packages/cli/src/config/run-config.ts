import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type ReasoningEffort, registerModels } from '@weft/llm';
import type { CliArgs, SessionStart } from '../args/parse-args.js';
import { ConfigError } from './config-error.js';
import { loadSettings } from './load-settings.js';
import { type Env, sessionsDirFor, sessionsRoot, userConfigDir } from './paths.js';
import type { Settings, ToolPreset } from './settings-schema.js';

/** Everything a run is configured with: the command line over the settings over the defaults. */
export interface RunConfig {
  /** The project folder (absolute, checked to exist). */
  cwd: string;
  env: Env;
  /** The merged settings files, as written. */
  settings: Settings;
  settingsFiles: readonly string[];
  /** Problems worth telling the user that do not stop the run (unknown settings keys, …). */
  warnings: readonly string[];
  /** --provider and --model as typed; the runtime resolves them against the providers. */
  provider: string | undefined;
  model: string | undefined;
  /** --effort, else the settings' effort. */
  effort: ReasoningEffort | undefined;
  /** --effort alone: what a resumed session is switched to (the settings' default does not override its own). */
  effortFlag: ReasoningEffort | undefined;
  tools: ToolPreset;
  allowedTools: readonly string[] | undefined;
  maxTurns: number | undefined;
  maxCostUsd: number | undefined;
  systemPromptAppend: string | undefined;
  /** Automatic compaction when the context fills (settings `compaction`, default on). */
  compaction: boolean;
  /** Where this directory's sessions are saved; undefined with --no-session. */
  sessionsDirectory: string | undefined;
  /** The folder holding every directory's session folder. */
  sessionsRoot: string;
  sessionStart: SessionStart;
  /** The task given on the command line (interactive mode sends it as the first message). */
  initialPrompt: string | undefined;
}

type ConfigArgs = Pick<
  CliArgs,
  | 'cwd'
  | 'provider'
  | 'model'
  | 'effort'
  | 'tools'
  | 'allowedTools'
  | 'maxTurns'
  | 'maxCostUsd'
  | 'systemPromptAppend'
  | 'session'
  | 'noSession'
  | 'task'
>;

/** Reads the settings for the run's directory and lays the command line over them. Throws ConfigError. */
export async function resolveRunConfig(args: ConfigArgs, env: Env, processCwd: string): Promise<RunConfig> {
  const cwd = resolve(processCwd, args.cwd ?? '.');
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory()) throw new ConfigError(`--cwd ${cwd}: no such directory.`);
  const loaded = await loadSettings(userConfigDir(env), cwd);
  const { settings } = loaded;
  if (settings.models) {
    try {
      registerModels(settings.models);
    } catch (error) {
      throw new ConfigError(`The settings' "models": ${(error as Error).message}`);
    }
  }
  return {
    cwd,
    env,
    settings,
    settingsFiles: loaded.files,
    warnings: loaded.warnings,
    provider: args.provider,
    model: args.model,
    effort: args.effort ?? settings.effort,
    effortFlag: args.effort,
    tools: args.tools ?? settings.tools ?? 'default',
    allowedTools: args.allowedTools ?? settings.allowedTools,
    maxTurns: args.maxTurns ?? settings.maxTurns,
    maxCostUsd: args.maxCostUsd ?? settings.maxCostUsd,
    systemPromptAppend: args.systemPromptAppend ?? settings.systemPromptAppend,
    compaction: settings.compaction ?? true,
    sessionsDirectory: args.noSession ? undefined : sessionsDirFor(cwd, env),
    sessionsRoot: sessionsRoot(env),
    sessionStart: args.session,
    initialPrompt: args.task,
  };
}
