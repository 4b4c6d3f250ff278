import { access, constants } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { isFinal, type Job, Mediakit } from '@mediakit/client';
import { type Output, Progress } from './progress.ts';
import { UsageError } from './usage.ts';

/** What the CLI reads and writes: injected so tests can run it in-process. */
export interface Io {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
}

/**
 * Seconds the server holds `POST /jobs?wait` when nobody watches a bar: a quick job ends in that one
 * request. On a terminal the job is followed at once instead, so its bar moves from the start.
 */
const SERVER_WAIT_SECONDS = 10;

/**
 * The client as the environment sets it up: MEDIAKIT_URL, MEDIAKIT_API_KEY, and a state folder
 * (`$XDG_STATE_HOME/mediakit`) that remembers unfinished uploads and the guest, so a second run
 * resumes what the first one could not finish.
 */
export function clientFromEnv(env: Io['env']): Mediakit {
  const state = join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'mediakit');
  return new Mediakit({
    url: env.MEDIAKIT_URL,
    apiKey: env.MEDIAKIT_API_KEY,
    guestFile: join(state, 'guest.json'),
    uploadStore: join(state, 'uploads.json'),
  });
}

export interface JobPlan {
  tool: string;
  files: string[];
  params: Record<string, unknown>;
  /** Where outputs go (default: the folder of the first file). */
  out?: string | undefined;
  /** Seconds to wait for the job at most (default: until it ends); 0 starts it and returns. */
  wait?: number | undefined;
  json: boolean;
}

/** Refuses files that cannot be read before anything is uploaded. */
export async function checkReadable(files: string[], command: string): Promise<void> {
  if (files.length === 0) throw new UsageError('Name at least one file.', command);
  for (const file of files) {
    await access(file, constants.R_OK).catch(() => {
      throw new UsageError(`${file} does not exist or cannot be read.`, command);
    });
  }
}

/**
 * Uploads the files, runs one job on them, follows it and downloads its outputs. Resolves true when
 * the job succeeded (or was only started, with wait 0); false when it failed, was canceled or did
 * not end in time, after saying why on stderr.
 */
export async function runJob(client: Mediakit, plan: JobPlan, io: Io): Promise<boolean> {
  const progress = new Progress(io.stderr);
  const inputs: string[] = [];
  for (const path of plan.files) {
    const name = basename(path);
    const file = await client.uploadFile(path, {
      onResume: (offset, total) => progress.resumed(name, offset, total),
      onProgress: (sent, total) => progress.uploaded(name, sent, total),
    });
    progress.say(`Uploaded ${name}`);
    inputs.push(file.id);
  }
  const started = Date.now();
  const wait = plan.wait;
  const serverWait = io.stderr.isTTY ? 0 : SERVER_WAIT_SECONDS;
  let job: Job = await client.runTool(plan.tool, inputs, plan.params, {
    wait: Math.min(wait ?? serverWait, serverWait),
  });
  if (wait === 0) {
    progress.say(`Started job ${job.id} (${plan.tool}), ${job.status}`);
    if (plan.json) io.stdout.write(`${JSON.stringify({ job, files: [] })}\n`);
    return true;
  }
  const label = `${plan.tool} (job ${job.id})`;
  if (!isFinal(job)) {
    const left = wait === undefined ? undefined : Math.max(0, wait - (Date.now() - started) / 1000);
    job = await client.waitForJob(job.id, {
      onProgress: (update) => progress.job(label, update),
      timeoutSeconds: left,
    });
  }
  if (!isFinal(job)) {
    progress.clear();
    progress.say(`The job ${job.id} did not finish within ${wait} seconds; it goes on at the server.`);
    if (plan.json) io.stdout.write(`${JSON.stringify({ job, files: [] })}\n`);
    return false;
  }
  if (job.status !== 'succeeded') {
    progress.say(`${plan.tool} failed: ${job.error?.message ?? 'the job was canceled.'}`);
    if (plan.json) io.stdout.write(`${JSON.stringify({ job, files: [] })}\n`);
    return false;
  }
  for (const note of job.notes ?? []) progress.say(note);
  const saved = await client.downloadOutputs(job, plan.out ?? dirname(resolve(plan.files[0])));
  for (const path of saved) progress.say(`Saved ${path}`);
  if (plan.json) io.stdout.write(`${JSON.stringify({ job, files: saved })}\n`);
  return true;
}
