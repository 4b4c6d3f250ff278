import { MediakitError } from '@mediakit/client';
import { convert } from './convert.ts';
import { run } from './run.ts';
import type { Io } from './run-job.ts';
import { tools } from './tools.ts';
import { EXIT, MAIN_HELP, UsageError } from './usage.ts';

const COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = { convert, run, tools };

/** Runs one command line; resolves with the exit code (0 done, 1 failed, 2 usage). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  try {
    if (!command) {
      if (name === '--help' || name === '-h' || name === 'help') {
        io.stdout.write(`${MAIN_HELP}\n`);
        return EXIT.ok;
      }
      throw new UsageError(name ? `There is no command "${name}".` : 'Name a command.');
    }
    return await command(args, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      const more = command ? `mediakit ${name} --help` : 'mediakit --help';
      io.stderr.write(`mediakit: ${(error as Error).message}\nSee ${more}.\n`);
      return EXIT.usage;
    }
    if (error instanceof MediakitError) {
      io.stderr.write(`mediakit: ${error.message}\n`);
      return EXIT.failed;
    }
    throw error;
  }
}
