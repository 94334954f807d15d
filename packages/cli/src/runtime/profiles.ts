import {
  createAnthropicProfile,
  createGeminiProfile,
  createGenericProfile,
  createOpenAIProfile,
  type WeftProfile,
} from '@weft/profiles';
import type { ProfileName, ToolPreset } from '../config/settings-schema.js';
import { toolAllowed } from './tool-presets.js';

export interface ToolSelection {
  preset: ToolPreset;
  allowed: readonly string[] | undefined;
}

/** The profile for `model` on `provider`, offering only the tools the selection allows. */
export function createProfile(
  name: ProfileName,
  provider: string,
  model: string,
  tools: ToolSelection,
): WeftProfile {
  const profile = baseProfile(name, provider, model);
  if (tools.preset === 'default' && tools.allowed === undefined) return profile;
  const offered = profile.tools().filter((tool) => toolAllowed(tool.name, tools.preset, tools.allowed));
  return { ...profile, tools: () => offered };
}

function baseProfile(name: ProfileName, provider: string, model: string): WeftProfile {
  switch (name) {
    case 'anthropic':
      return createAnthropicProfile({ provider, model });
    case 'openai':
      return createOpenAIProfile({ provider, model });
    case 'gemini':
      return createGeminiProfile({ provider, model });
    case 'generic':
      return createGenericProfile({ provider, model });
  }
}
