import type { Tool } from '@weft/agent-core';

/** The names of the tools the model gets this turn, to mention only what it can call. */
export function toolNames(tools: readonly Tool[]): Set<string> {
  return new Set(tools.map((tool) => tool.name));
}

/** A prompt section: a `#` heading, then its paragraphs and bullets, with empty parts dropped. */
export function section(title: string, parts: ReadonlyArray<string | false | undefined>): string {
  const body = parts.filter((part): part is string => typeof part === 'string' && part.length > 0);
  return body.length === 0 ? '' : `# ${title}\n${body.join('\n')}`;
}

/** Sections joined with a blank line, empty ones left out. */
export function joinSections(sections: ReadonlyArray<string | false>): string {
  return sections.filter((text): text is string => typeof text === 'string' && text.length > 0).join('\n\n');
}
