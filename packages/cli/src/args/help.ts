// Kept free of imports: the entry prints this without loading anything else.

export const VERSION: string = __WEFT_VERSION__;

export const HELP = `weft ${VERSION}: a coding agent for your terminal

Usage:
  weft [options] [task]            interactive (a terminal on stdin), the task as the first message
  weft -p [options] "task"         print mode: run the task to the end, print the answer
  echo "task" | weft -p [options]  print mode with the task on stdin
  weft --mode rpc [options]        JSON commands on stdin, responses and events on stdout
  weft sessions [--all]            list the sessions saved for this directory (or for all)

Modes and output:
  -p, --print                 run one task without a UI and exit
      --output FORMAT         text (default), json (one result object), stream-json (every
                              event as a JSON line, then a result line); implies --print
      --mode MODE             interactive, print or rpc

Model:
      --provider NAME         anthropic, openai, gemini, or a provider from the settings
  -m, --model SPEC            provider/model or model, e.g. anthropic/claude-sonnet-4-5
      --effort LEVEL          none, minimal, low, medium, high, xhigh

Run:
      --cwd DIR               the project folder the agent works in (default: the current one)
      --tools PRESET          default, minimal or readonly
      --allowed-tools LIST    only these tools (comma-separated names)
      --max-turns N           stop after N model calls (stop reason max_turns, exit code 3)
      --max-cost-usd USD      stop once the run has cost this much (stop reason budget, exit code 3)
      --system-prompt-append TEXT
                              added at the end of the system prompt

Sessions (saved under $XDG_DATA_HOME/weft/sessions, default ~/.local/share/weft/sessions):
  -c, --continue              continue the latest session of this directory
  -r, --resume ID             continue a session (an id or a unique prefix of one)
      --fork ID               continue a copy of a session, leaving the original as it was
      --no-session            keep nothing on disk
      --all                   with "weft sessions": every directory's sessions

  -h, --help                  this text
  -v, --version               the version

Keys come from the environment: ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY (or
GOOGLE_API_KEY), with ANTHROPIC_BASE_URL, OPENAI_BASE_URL, GEMINI_BASE_URL to point elsewhere.
Defaults live in $XDG_CONFIG_HOME/weft/settings.json and .weft/settings.json (the project's wins).
Exit codes: 0 done, 1 failed, 2 usage or configuration error, 3 stopped by a budget, 130 interrupted.
`;
