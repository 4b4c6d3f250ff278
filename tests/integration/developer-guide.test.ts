import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { findExecutable } from '@mediakit/devstack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/sign-in.ts';
import { makeVideo, probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

const run = promisify(execFile);

/** The guide the API reference shows first (the OpenAPI document's description). */
const GUIDE = readFileSync(
  resolve(import.meta.dirname, '../../services/gateway/src/openapi-guide.md'),
  'utf8',
);

/**
 * The guide's sections whose JavaScript makes one script, from the key to the downloaded output.
 * Left out: import from a URL (it fetches the public internet), webhooks (a receiver's code) and
 * rate limits (a helper the flow does not call).
 */
const FLOW = ['Authenticate', 'Upload a file', 'Run a tool', 'Follow progress', 'Download the outputs'];

/** The code blocks of one language in one `## ` section of the guide, in order. */
function blocks(section: string, language: 'js' | 'sh'): string[] {
  const body = GUIDE.split(/^## /m).find((part) => part.startsWith(`${section}\n`));
  if (!body) throw new Error(`the guide has no section "${section}"`);
  const fence = '```';
  const code = new RegExp(`^${fence}${language}\\n([\\s\\S]*?)^${fence}$`, 'gm');
  return [...body.matchAll(code)].map((m) => m[1]);
}

/** The shell examples keep ids with jq; a machine without it cannot run them. */
const jq = findExecutable('jq');

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 120_000);
afterAll(async () => {
  await stack?.teardown();
});

/** A new user's API key with the four scopes, made as the dashboard makes one. */
async function apiKey(): Promise<string> {
  const user = await signUp(stack.gatewayUrl, { name: 'Guide Reader' });
  const created = await fetch(`${stack.gatewayUrl}/api/v1/account/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'guide', scopes: ['files:read', 'files:write', 'jobs:read', 'jobs:write'] }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { secret: string }).secret;
}

/**
 * Runs the flow's examples of one language as one script in a new directory holding clip.mov, with
 * an API key, and answers the duration of the one file it downloaded.
 */
async function runFlow(language: 'js' | 'sh'): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), `mk-guide-${language}-`));
  await makeVideo(join(dir, 'clip.mov'), {
    seconds: 6,
    videoCodec: ['-c:v', 'libx264', '-preset', 'ultrafast'],
    audioCodec: ['-c:a', 'aac'],
  });
  const script = FLOW.flatMap((section) => blocks(section, language));
  const file = language === 'js' ? 'guide.mjs' : 'guide.sh';
  await writeFile(join(dir, file), script.join('\n'));

  const [command, args] =
    language === 'js' ? [process.execPath, [file]] : ['bash', ['-euo', 'pipefail', file]];
  await run(command, args, {
    cwd: dir,
    env: { PATH: process.env.PATH, MEDIAKIT_URL: stack.gatewayUrl, MEDIAKIT_API_KEY: await apiKey() },
    timeout: 120_000,
  });

  const made = (await readdir(dir)).filter((name) => !['clip.mov', file].includes(name));
  expect(made, 'the downloaded outputs').toEqual([expect.stringMatching(/\.mp4$/)]);
  return Number((await probe(join(dir, made[0]))).format.duration);
}

describe('the developer guide’s examples run as written: upload clip.mov, trim 1 s to 5 s, download', () => {
  it('in JavaScript (Node, fetch)', async () => {
    const seconds = await runFlow('js');
    expect(seconds).toBeGreaterThan(3.5);
    expect(seconds).toBeLessThan(4.5);
  }, 180_000);

  it.skipIf(!jq)(
    'in the shell (curl and jq)',
    async () => {
      const seconds = await runFlow('sh');
      expect(seconds).toBeGreaterThan(3.5);
      expect(seconds).toBeLessThan(4.5);
    },
    180_000,
  );
});
