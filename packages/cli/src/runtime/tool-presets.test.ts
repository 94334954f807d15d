import { describe, expect, test } from 'vitest';
import { SUBAGENT_TOOLS, toolAllowed } from './tool-presets.js';

describe('toolAllowed', () => {
  test('default keeps everything, including tools the table does not know', () => {
    expect(toolAllowed('Bash', 'default', undefined)).toBe(true);
    expect(toolAllowed('some_new_tool', 'default', undefined)).toBe(true);
  });

  test('readonly: reading, searching and planning only; unknown tools are left out', () => {
    for (const name of ['Read', 'Grep', 'glob', 'grep_search', 'list_directory', 'update_plan']) {
      expect(toolAllowed(name, 'readonly', undefined)).toBe(true);
    }
    for (const name of [
      'Write',
      'apply_patch',
      'replace',
      'shell',
      'exec_command',
      'spawn_agent',
      'some_new_tool',
    ]) {
      expect(toolAllowed(name, 'readonly', undefined)).toBe(false);
    }
  });

  test('minimal: read, write, run', () => {
    expect(
      ['Read', 'Edit', 'Bash', 'TaskOutput', 'Grep', 'TodoWrite'].filter((n) =>
        toolAllowed(n, 'minimal', undefined),
      ),
    ).toEqual(['Read', 'Edit', 'Bash', 'TaskOutput']);
  });

  test('an allow-list narrows any preset', () => {
    expect(toolAllowed('Bash', 'default', ['Read'])).toBe(false);
    expect(toolAllowed('Read', 'readonly', ['Read'])).toBe(true);
    expect(toolAllowed('Bash', 'readonly', ['Bash'])).toBe(false);
  });

  test('the subagent tools: the session’s and each profile’s names for them', () => {
    expect(SUBAGENT_TOOLS).toEqual([
      'spawn_agent',
      'send_input',
      'wait',
      'wait_agent',
      'close_agent',
      'Agent',
      'SendMessage',
      'invoke_agent',
    ]);
  });
});
