#!/usr/bin/env node
// The `mediakit` command (package.json "bin"). Node 24 runs this TypeScript as it is.
import { runCli } from './cli.ts';

/** Anything the commands did not expect still ends in one sentence and exit code 1, not a stack trace. */
const fail = (error: unknown) => {
  process.stderr.write(`\nmediakit: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
};
// tus-js-client's URL store can fail outside any promise the CLI awaits (a state folder it cannot write).
process.on('unhandledRejection', fail);

try {
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
} catch (error) {
  fail(error);
}
