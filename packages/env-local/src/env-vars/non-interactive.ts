/**
 * Set for every command (unless turned off) so nothing waits for a human: pagers print straight
 * through, editors fail at once with an error that says to pass the text another way, and
 * credential and installer prompts are declined instead of read from a terminal there is none of.
 * Commands also run with stdin closed and without a controlling terminal (a new session), so a
 * program that insists on a terminal fails instead of waiting.
 */
export const NON_INTERACTIVE_VARIABLES: Readonly<Record<string, string>> = {
  // pagers: print everything, never wait for a key
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  SYSTEMD_PAGER: 'cat',
  GH_PAGER: 'cat',
  AWS_PAGER: '',
  // editors: fail fast ("There was a problem with the editor 'false'") instead of opening one
  EDITOR: 'false',
  VISUAL: 'false',
  GIT_EDITOR: 'false',
  GIT_SEQUENCE_EDITOR: 'false',
  // prompts: decline instead of asking
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'never',
  DEBIAN_FRONTEND: 'noninteractive',
  PIP_NO_INPUT: '1',
  CONDA_ALWAYS_YES: 'true',
  // output arrives as it is produced rather than when a buffer fills
  PYTHONUNBUFFERED: '1',
};
