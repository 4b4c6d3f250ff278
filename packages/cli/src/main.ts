#!/usr/bin/env node
// The `mediakit` command (package.json "bin"). Node 24 runs this TypeScript as it is.
import { runCli } from './cli.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
