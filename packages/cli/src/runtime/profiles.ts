import type { Tool } from '@weft/agent-core';
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
  // Filtered per call, since the session asks again when its model changes (the OpenAI
  // profile's apply_patch is freeform for some models and JSON for others); one filtered array per
  // array of the profile's, so the same tools stay the same array and the session keeps its registry.
  const filtered = new WeakMap<readonly Tool[], readonly Tool[]>();
  return {
    ...profile,
    tools(context) {
      const all = profile.tools(context);
      let offered = filtered.get(all);
      if (!offered) {
        offered = all.filter((tool) => toolAllowed(tool.name, tools.preset, tools.allowed));
        filtered.set(all, offered);
      }
      return offered;
    },
  };
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
