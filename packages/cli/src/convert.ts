import { parseArgs } from 'node:util';
import { MediakitError } from '@mediakit/client';
import { findConverter } from './converter-lookup.ts';
import { checkReadable, clientFromEnv, type Io, runJob } from './run-job.ts';
import { EXIT, JOB_OPTIONS, JOB_OPTIONS_HELP, parseWait, UsageError } from './usage.ts';

export const CONVERT_HELP = `Usage: mediakit convert <files...> --to <ext> [options]

Converts each file to another format, one job per file, and saves the result next to it.
The converter is <from>-to-<ext> (from the file's extension), or a generic converter that
takes the file; when none exists, the message lists what the file can become.

  --to <ext>        the format to write: mp4, mp3, jpg, png, webp, ...
${JOB_OPTIONS_HELP}

Example: mediakit convert holiday.mov --to mp4`;

/** `mediakit convert <files...> --to <ext>`. */
export async function convert(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { ...JOB_OPTIONS, to: { type: 'string' } },
    allowPositionals: true,
  });
  if (values.help) {
    io.stdout.write(`${CONVERT_HELP}\n`);
    return EXIT.ok;
  }
  if (!values.to) throw new UsageError('Say which format to write with --to, e.g. --to mp4.', 'convert');
  const wait = parseWait(values.wait, 'convert');
  await checkReadable(positionals, 'convert');
  const client = clientFromEnv(io.env);
  const tools = await client.tools();
  // Every file's converter is found before anything is uploaded.
  const choices = positionals.map((file) => ({ file, ...findConverter(tools, file, values.to as string) }));
  let failed = false;
  for (const { file, tool, params } of choices) {
    const plan = { tool, params, files: [file], out: values.out, wait, json: !!values.json };
    // One file the server refuses does not stop the others.
    const ok = await runJob(client, plan, io).catch((error: unknown) => {
      if (!(error instanceof MediakitError) || choices.length === 1) throw error;
      io.stderr.write(`mediakit: ${file}: ${error.message}\n`);
      return false;
    });
    failed ||= !ok;
  }
  return failed ? EXIT.failed : EXIT.ok;
}
