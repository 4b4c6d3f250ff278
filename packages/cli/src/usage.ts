/** A command line that cannot be run as written: exit code 2, with the sentence and where to look. */
export class UsageError extends Error {
  readonly command: string | undefined;
  constructor(message: string, command?: string) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

/** Exit codes: 0 done, 1 a job failed (or the API refused), 2 the command line is wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The options every command that runs jobs takes, for parseArgs. */
export const JOB_OPTIONS = {
  out: { type: 'string' },
  wait: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const JOB_OPTIONS_HELP = `  --out <dir>       where the outputs go (default: next to the first input)
  --wait <seconds>  wait at most this long for the job (default: until it ends);
                    --wait 0 starts the job, prints it and downloads nothing
  --json            print each finished job as one line of JSON on stdout
  -h, --help        this help`;

export const MAIN_HELP = `mediakit: convert and edit video, audio and images with a Mediakit server

Usage:
  mediakit convert <files...> --to <ext>          convert each file to another format
  mediakit run <tool> [--<param> <value>...] <files...>
                                                 run any tool on the files (one job)
  mediakit tools [--json]                         list the tools and converters
  mediakit <command> --help                       what a command takes

Environment:
  MEDIAKIT_URL      the server (default http://localhost:8080)
  MEDIAKIT_API_KEY  an API key; without one you are a guest
  XDG_STATE_HOME    where unfinished uploads are remembered (default ~/.local/state), under mediakit/

Exit codes: 0 done, 1 a job failed or the server refused, 2 the command line is wrong.`;

/** `--wait <seconds>` as a number of seconds, or undefined for "until the job ends". */
export function parseWait(value: string | undefined, command: string): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0)
    throw new UsageError(`--wait takes a number of seconds, not "${value}".`, command);
  return seconds;
}
