/**
 * The summariser's instructions (our own words). The sections follow seed 004 §6.2: what the
 * agent needs to carry on alone from the summary and the turns kept after it.
 */

export const SUMMARY_SYSTEM_PROMPT = `You keep the working memory of a coding agent. Its conversation has outgrown the context window, so the older part is being replaced by a summary that you write. The agent will carry on from your summary and the most recent turns alone, so record everything it needs to continue without asking again: what the user wants, what has been done, what was decided and why, and what comes next.

Be concrete. Name files, functions, commands, error messages and values exactly as they appear. Keep the user's own requirements in their words where the wording matters.

Do not continue the conversation, answer questions from it, or call tools. Reply with the summary only.`;

/** The summary's sections, in order, each with what goes under it. */
export const SUMMARY_SECTIONS: readonly { heading: string; guidance: string }[] = Object.freeze([
  { heading: '## Goal', guidance: 'What the user wants in the end. Several goals as a list.' },
  {
    heading: '## Constraints and preferences',
    guidance: 'Requirements, conventions and preferences the user stated or the work revealed.',
  },
  {
    heading: '## Progress',
    guidance: 'Three lists under "### Done", "### In progress" and "### Blocked" (with what blocks it).',
  },
  { heading: '## Key decisions', guidance: 'Each decision taken, with its reason.' },
  { heading: '## Next steps', guidance: 'What to do next, in order.' },
  {
    heading: '## Critical context',
    guidance:
      'Facts the next steps depend on: exact error messages, values, signatures, paths, commands that worked or failed.',
  },
]);

const SECTIONS_TEXT = SUMMARY_SECTIONS.map((section) => `${section.heading}\n${section.guidance}`).join(
  '\n\n',
);

const FORMAT = `Use exactly these sections, in this order, as Markdown headings. Write "(none)" under a heading with nothing to report.

${SECTIONS_TEXT}`;

const CONTINUES =
  'The conversation goes on after this point with turns the agent keeps verbatim, so the latest request may still be in progress: say where it stands.';

/** The user message asking for a first summary of `transcript`. */
export function summaryRequestText(transcript: string, instructions?: string): string {
  return [
    `<conversation>\n${transcript}\n</conversation>`,
    `Summarise the conversation above for the agent. ${CONTINUES}`,
    FORMAT,
    focus(instructions),
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** The user message asking to update `previousSummary` with the turns in `transcript`. */
export function summaryUpdateText(
  previousSummary: string,
  transcript: string,
  instructions?: string,
): string {
  return [
    `<previous-summary>\n${previousSummary}\n</previous-summary>`,
    `<conversation>\n${transcript}\n</conversation>`,
    `The previous summary covers the conversation up to where the turns above begin. Update it with those turns: keep what still holds, add what they did, move items from "In progress" to "Done" as they complete, and drop what they made obsolete. Reply with the whole updated summary. ${CONTINUES}`,
    FORMAT,
    focus(instructions),
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

function focus(instructions: string | undefined): string {
  const text = instructions?.trim();
  return text ? `The user asked this summary to pay particular attention to: ${text}` : '';
}
