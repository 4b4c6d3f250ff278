import { parseArgs } from 'node:util';
import { MediakitError, type Tool } from '@mediakit/client';
import { checkReadable, clientFromEnv, type Io, runJob } from './run-job.ts';
import { coerceParams, describeParams, normalizeBooleans, paramOptions, paramsOf } from './tool-options.ts';
import { EXIT, JOB_OPTIONS, JOB_OPTIONS_HELP, parseWait, UsageError } from './usage.ts';

export const RUN_HELP = `Usage: mediakit run <tool> [--<param> <value>...] <files...> [options]

Runs one tool on the files (all of them are the job's inputs) and saves what it makes.
Params come from the tool: mediakit run <tool> --help lists them. Numbers and booleans are
read as such (--limit, --no-limit, --limit false), lists are comma-separated, objects JSON.

${JOB_OPTIONS_HELP}

Example: mediakit run trim-video --start 1 --end 5 clip.mp4`;

/** `mediakit run <tool> [--param value ...] <files...>`. */
export async function run(args: string[], io: Io): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h') {
    io.stdout.write(`${RUN_HELP}\n`);
    return name ? EXIT.ok : EXIT.usage;
  }
  if (name.startsWith('-')) throw new UsageError('Name the tool first: mediakit run <tool> ...', 'run');
  const client = clientFromEnv(io.env);
  const tool = await findTool(client, name);
  const { values, positionals } = parseToolArgs(tool, rest);
  if (values.help) {
    io.stdout.write(
      `Usage: mediakit run ${tool.name} [params] <files...> [options]\n\n${tool.title}: ${tool.description}\n\nParams:\n${describeParams(tool)}\n\nOptions:\n${JOB_OPTIONS_HELP}\n`,
    );
    return EXIT.ok;
  }
  const wait = parseWait(values.wait as string | undefined, 'run');
  const params = coerceParams(tool, values, 'run');
  await checkReadable(positionals, 'run');
  const out = values.out as string | undefined;
  const ok = await runJob(
    client,
    { tool: tool.name, params, files: positionals, out, wait, json: !!values.json },
    io,
  );
  return ok ? EXIT.ok : EXIT.failed;
}

async function findTool(client: ReturnType<typeof clientFromEnv>, name: string): Promise<Tool> {
  try {
    return await client.tool(name);
  } catch (error) {
    if (error instanceof MediakitError && error.status === 404)
      throw new UsageError(`There is no tool named ${name}: mediakit tools lists them.`, 'run');
    throw error;
  }
}

/** The tool's params and the common options; an unknown flag is refused with the list of params. */
export function parseToolArgs(tool: Tool, args: string[]) {
  try {
    return parseArgs({
      args: normalizeBooleans(args, tool),
      options: { ...JOB_OPTIONS, ...paramOptions(tool) },
      allowPositionals: true,
    });
  } catch (error) {
    if (!(error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw error;
    const names = Object.keys(paramsOf(tool));
    const takes = names.length > 0 ? names.map((n) => `--${n}`).join(', ') : 'no params';
    throw new UsageError(`${(error as Error).message.split('.')[0]}. ${tool.name} takes ${takes}.`, 'run');
  }
}
