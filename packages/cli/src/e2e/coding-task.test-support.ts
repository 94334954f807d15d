import type { ScriptedTurn } from '@weft/testkit';
import type { Sandbox, TestProvider } from './weft-process.test-support.js';

/**
 * The task every provider and mode runs: read src/greeting.txt, change "world" to "weft", run a
 * command that prints the file, answer. Each provider's profile names its tools (and their
 * parameters) after its reference agent, so the scripted calls differ; the outcome does not.
 */
export const TASK = 'Change the greeting in src/greeting.txt to greet weft, then show the file.';
export const ANSWER = 'Done: src/greeting.txt now says "Hello, weft".';
export const ORIGINAL = 'Hello, world\n';
export const EDITED = 'Hello, weft\n';
/** What the command prints: its own marker, so the test can tell the command ran after the edit. */
export const COMMAND_MARKER = 'greeting-check';

export function prepareProject(sandbox: Sandbox): string {
  return sandbox.write('src/greeting.txt', ORIGINAL);
}

/** The tool names the provider's profile uses for reading, editing and running. */
export const TOOL_NAMES: Readonly<Record<TestProvider, { read: string; edit: string; run: string }>> = {
  anthropic: { read: 'Read', edit: 'Edit', run: 'Bash' },
  openai: { read: 'read_file', edit: 'apply_patch', run: 'shell_command' },
  gemini: { read: 'read_file', edit: 'replace', run: 'run_shell_command' },
  compatible: { read: 'read_file', edit: 'edit_file', run: 'shell' },
};

/** The four model turns of the task for `provider`: read, edit, run, answer. */
export function codingTaskTurns(provider: TestProvider, project: string): ScriptedTurn[] {
  const file = `${project}/src/greeting.txt`;
  const command = `echo ${COMMAND_MARKER} && cat src/greeting.txt`;
  const names = TOOL_NAMES[provider];
  const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
    content: [{ type: 'tool_call', name, arguments: args }],
    usage: { input: 1_000, output: 50 },
  });
  const edit: Record<TestProvider, Record<string, unknown>> = {
    anthropic: { file_path: file, old_string: 'world', new_string: 'weft' },
    openai: {
      input:
        '*** Begin Patch\n*** Update File: src/greeting.txt\n@@\n-Hello, world\n+Hello, weft\n*** End Patch\n',
    },
    gemini: {
      file_path: 'src/greeting.txt',
      instruction: 'Greet weft.',
      old_string: 'world',
      new_string: 'weft',
    },
    compatible: { file_path: file, old_string: 'world', new_string: 'weft' },
  };
  return [
    call(names.read, { file_path: file }),
    call(names.edit, edit[provider]),
    call(names.run, { command }),
    { content: [{ type: 'text', text: ANSWER }], usage: { input: 1_200, output: 20 } },
  ];
}
