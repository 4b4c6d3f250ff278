import { parseArgs } from 'node:util';
import { clientFromEnv, type Io } from './run-job.ts';
import { EXIT } from './usage.ts';

export const TOOLS_HELP = `Usage: mediakit tools [--json]

Lists every tool and converter: its name (for mediakit run), what it works on and its title.
  --json      the full list as JSON, params' JSON Schemas included`;

/** `mediakit tools`: one line per tool, or the API's list as JSON. */
export async function tools(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout.write(`${TOOLS_HELP}\n`);
    return EXIT.ok;
  }
  const list = await clientFromEnv(io.env).tools();
  if (values.json) {
    io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(...list.map((tool) => tool.name.length));
  for (const tool of list)
    io.stdout.write(`${tool.name.padEnd(width)}  ${tool.media.padEnd(5)}  ${tool.title}\n`);
  return EXIT.ok;
}
