import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
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

/** The `js` code blocks of one `## ` section of the guide, in order. */
function jsBlocks(section: string): string[] {
  const body = GUIDE.split(/^## /m).find((part) => part.startsWith(`${section}\n`));
  if (!body) throw new Error(`the guide has no section "${section}"`);
  return [...body.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 120_000);
afterAll(async () => {
  await stack?.teardown();
});

describe('the developer guide’s examples', () => {
  it('run as written: upload clip.mov, trim it from 1 s to 5 s, download the result', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mk-guide-'));
    await makeVideo(join(dir, 'clip.mov'), {
      seconds: 6,
      videoCodec: ['-c:v', 'libx264', '-preset', 'ultrafast'],
      audioCodec: ['-c:a', 'aac'],
    });
    const script = FLOW.flatMap(jsBlocks);
    expect(script.length, 'each step has its JavaScript').toBeGreaterThanOrEqual(FLOW.length);
    await writeFile(join(dir, 'guide.mjs'), script.join('\n'));

    const user = await signUp(stack.gatewayUrl, { name: 'Guide Reader' });
    await run(process.execPath, ['guide.mjs'], {
      cwd: dir,
      env: { PATH: process.env.PATH, MEDIAKIT_URL: stack.gatewayUrl, MEDIAKIT_API_KEY: user.token },
      timeout: 120_000,
    });

    const made = (await readdir(dir)).filter((name) => !['clip.mov', 'guide.mjs'].includes(name));
    expect(made, 'the downloaded outputs').toHaveLength(1);
    const output = await probe(join(dir, made[0]));
    expect(Number(output.format.duration)).toBeGreaterThan(3.5);
    expect(Number(output.format.duration)).toBeLessThan(4.5);
  }, 180_000);
});
