import { describe, expect, test } from 'vitest';
import { runCli } from './cli.ts';

/** Runs the CLI in-process against nothing (no server is reached before these exit). */
async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { MEDIAKIT_URL: 'http://127.0.0.1:9' },
  });
  return { code, stdout, stderr };
}

describe('mediakit usage', () => {
  test.each([
    [[], 'Name a command.'],
    [['frobnicate'], 'There is no command "frobnicate".'],
    [['convert', 'in.mov'], 'Say which format to write with --to'],
    [['convert', '--to', 'mp4'], 'Name at least one file.'],
    [['convert', 'missing.mov', '--to', 'mp4'], 'missing.mov does not exist or cannot be read.'],
    [['convert', 'in.mov', '--to', 'mp4', '--wait', 'soon'], '--wait takes a number of seconds, not "soon".'],
    [['convert', 'in.mov', '--bogus'], "Unknown option '--bogus'"],
  ])('%j exits 2: %s', async (argv, sentence) => {
    const { code, stderr } = await cli(...(argv as string[]));
    expect(code).toBe(2);
    expect(stderr).toContain(sentence);
    expect(stderr).toContain('--help');
  });

  test.each([['--help'], ['convert', '--help'], ['run', '--help'], ['tools', '--help']])(
    '%j prints its help and exits 0',
    async (...argv) => {
      const { code, stdout } = await cli(...argv);
      expect(code).toBe(0);
      expect(stdout).toMatch(/Usage/);
    },
  );

  test('a server that does not answer is exit 1 with a sentence naming where it looked', async () => {
    const { code, stderr } = await cli('tools');
    expect(code).toBe(1);
    expect(stderr).toBe(
      'mediakit: Mediakit does not answer at http://127.0.0.1:9: is it running, and is the address right?\n',
    );
  });
});
