import { describe, expect, it } from 'vitest';
import { createProfile } from './profiles.js';

const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

describe('createProfile', () => {
  it('offers the preset’s tools only', () => {
    const profile = createProfile('anthropic', 'anthropic', 'claude-sonnet-5-5', {
      preset: 'readonly',
      allowed: undefined,
    });
    const offered = names(profile.tools());
    expect(offered).toContain('Read');
    expect(offered).toContain('Grep');
    expect(offered).not.toContain('Edit');
    expect(offered).not.toContain('Bash');
  });

  it('asks the profile again for another model: a restricted OpenAI profile switches apply_patch between its freeform and JSON variants', () => {
    const profile = createProfile('openai', 'openai', 'gpt-5.4', { preset: 'minimal', allowed: undefined });
    const patchTool = (model: string) =>
      profile.tools({ model, provider: 'openai' }).find((tool) => tool.name === 'apply_patch');

    expect(patchTool('gpt-5.4')?.format).toBeDefined();
    expect(patchTool('gpt-4.1')).toBeDefined();
    expect(patchTool('gpt-4.1')?.format).toBeUndefined();
    expect(names(profile.tools({ model: 'gpt-4.1', provider: 'openai' }))).not.toContain('update_plan');
  });

  it('returns the same array for the same tools, so a session keeps its registry', () => {
    const profile = createProfile('openai', 'openai', 'gpt-5.4', { preset: 'readonly', allowed: undefined });
    const context = { model: 'gpt-5.4', provider: 'openai' };
    expect(profile.tools(context)).toBe(profile.tools(context));
  });
});
