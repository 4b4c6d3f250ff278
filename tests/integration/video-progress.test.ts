import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectNats, type JobEvent, type NatsConnection } from '@mediakit/kit';
import { jobsV1 } from '@mediakit/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * What a user sees while a video job waits and runs (progress, queue position) and what happens
 * when the transcoder dies in the middle of a job: the whole platform, a real nats-server and
 * ffmpeg. The transcoder runs one job at a time (its default), so jobs really wait behind each
 * other, and with a 3 s ack wait, so a job whose worker died is redelivered within seconds.
 */

const run = promisify(execFile);

const ACK_WAIT_MS = 3000;

let stack: TestStack;
let logs: string[];
let dir: string;
let nats: NatsConnection;
/** Everything published on the job subjects, as an outside observer sees it. */
const workerEvents: JobEvent[] = [];
const announced: jobsV1.Job[] = [];
const media = { long: '', short: '', crash: '' };
let workerTmp = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-progress-media-'));
  media.long = join(dir, 'long.mp4');
  media.short = join(dir, 'short.mp4');
  media.crash = join(dir, 'crash.mp4');
  await makeBusyVideo(media.long, { seconds: 20, size: '640x360', rate: 50 });
  await makeBusyVideo(media.short, { seconds: 2, size: '320x240', rate: 25 });
  await makeBusyVideo(media.crash, { seconds: 10, size: '640x360', rate: 50 });

  // Redelivery after a crash comes after the ack wait: a short one keeps the test quick.
  stack = await startTestStack({ serviceEnv: { transcoder: { ACK_WAIT_MS: String(ACK_WAIT_MS) } } });
  workerTmp = stack.workerTmp;
  logs = stack.logs;

  nats = await connectNats(stack.natsUrl, 'video-progress-test');
  const events = nats.subscribe('jobs.events.>');
  (async () => {
    for await (const message of events) workerEvents.push(message.json<JobEvent>());
  })();
  const updates = nats.subscribe('jobs.updates.*');
  (async () => {
    for await (const message of updates) announced.push(jobsV1.Job.decode(message.data));
  })();
  await nats.flush();
}, 180_000);

afterAll(async () => {
  await nats?.drain();
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('progress and queue positions', () => {
  it('reports a long encode’s progress live while two jobs wait behind it with positions 1 and 2', async () => {
    const api = new ApiClient(stack.gatewayUrl);
    // One after the other: the first upload gives this visitor their guest cookie.
    const long = await upload(api, media.long);
    const short = await upload(api, media.short);
    expect(long).toMatchObject({ width: 640, height: 360 });
    expect(long.duration).toBeCloseTo(20, 0);

    const a = await createJob(api, 'trim-video', [long.id], { start: 0, end: 20 });
    const streamA = await follow(api, a.id);
    // B and C are created once A runs, so it is the only job ahead of them.
    await streamA.until((e) => e.data.status === 'running', 'job A to run');

    const b = await createJob(api, 'trim-video', [short.id], { start: 0, end: 2 });
    const c = await createJob(api, 'trim-video', [short.id], { start: 0, end: 2 });
    expect([b.status, b.queuePosition]).toEqual(['queued', 1]);
    expect([c.status, c.queuePosition]).toEqual(['queued', 2]);
    const [streamB, streamC] = await Promise.all([follow(api, b.id), follow(api, c.id)]);
    // The streams are open (the gateway subscribed before answering) while A still runs, so they
    // can see every position change.
    expect(streamA.received.some((e) => e.event !== 'progress')).toBe(false);

    const [eventsA, eventsB, eventsC] = await Promise.all([streamA.done, streamB.done, streamC.done]);

    // A: several live progress events, strictly increasing, below 100, throttled; then 100.
    const finalA = eventsA.at(-1) as Received;
    expect(finalA.event, JSON.stringify(finalA.data)).toBe('succeeded');
    expect(finalA.data).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(eventsA.filter((e) => e.event !== 'progress')).toEqual([finalA]);
    const live = eventsA.filter((e) => e.event === 'progress' && e.data.progress > 0);
    const percents = live.map((e) => e.data.progress);
    expect(live.length, `progress events: ${JSON.stringify(percents)}`).toBeGreaterThanOrEqual(3);
    for (const [i, percent] of percents.entries()) {
      expect(percent).toBeLessThan(100);
      if (i > 0) expect(percent, JSON.stringify(percents)).toBeGreaterThan(percents[i - 1]);
    }
    expect(live.every((e) => e.data.status === 'running')).toBe(true);
    expect(maxInAnySecond(live), JSON.stringify(live.map((e) => e.at - live[0].at))).toBeLessThanOrEqual(5);
    const spanSeconds = (live[live.length - 1].at - live[0].at) / 1000;
    expect(live.length).toBeLessThanOrEqual(5 * spanSeconds + 1);

    const outA = await download(api, finalA.data.outputs[0].id, 'a.mp4');
    const infoA = await probe(outA);
    const videoA = infoA.streams.find((s) => s.codec_type === 'video');
    expect([videoA?.codec_name, videoA?.width, videoA?.height]).toEqual(['h264', 640, 360]);
    expect(infoA.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Math.abs(Number(infoA.format.duration) - 20)).toBeLessThan(0.15);

    // B waited at 1 until A finished, then ran; C went 2 → 1 when B started, then ran.
    expect(statesOf(eventsB)).toEqual(['queued 1', 'running', 'succeeded']);
    expect(statesOf(eventsC)).toEqual(['queued 2', 'queued 1', 'running', 'succeeded']);
    for (const events of [eventsB, eventsC]) {
      expect(events.at(-1)?.data).toMatchObject({ status: 'succeeded', progress: 100 });
      expect(events.at(-1)?.data.outputs).toHaveLength(1);
      // Running jobs carry no position.
      const running = events.filter((e) => e.data.status === 'running');
      expect(running.every((e) => e.data.queuePosition === undefined)).toBe(true);
    }
    // C's move to 1 came when B started, not later.
    const cAtOne = eventsC.find((e) => e.data.queuePosition === 1) as Received;
    const bRunning = eventsB.find((e) => e.data.status === 'running') as Received;
    const bDone = eventsB.at(-1) as Received;
    expect(cAtOne.at).toBeLessThan(bDone.at);
    expect(Math.abs(cAtOne.at - bRunning.at)).toBeLessThan(1000);
  });
});

describe('a transcoder that dies mid-job', () => {
  it('leaves the job to the next transcoder, which finishes it exactly once', async () => {
    const api = new ApiClient(stack.gatewayUrl);
    const clip = await upload(api, media.crash);
    const job = await createJob(api, 'trim-video', [clip.id], { start: 0, end: 10 });

    // Wait until the transcoder really runs ffmpeg for it.
    const transcoder = stack.pids().transcoder as number;
    let ffmpegPid = 0;
    for (let i = 0; i < 300 && !ffmpegPid; i++) {
      await sleep(50);
      ffmpegPid = await childFfmpeg(transcoder);
    }
    expect(ffmpegPid, 'ffmpeg never started').toBeGreaterThan(0);
    // ...and reported some progress, which the next delivery must not take back.
    await waitUntil(
      async () => workerEvents.some((e) => e.jobId === job.id && e.kind === 'progress'),
      'the first progress report',
      20_000,
    );
    expect(await isAlive(ffmpegPid), 'the encode ended before the crash could happen').toBe(true);
    const reportedBeforeCrash = Math.max(
      ...workerEvents.filter((e) => e.jobId === job.id && e.kind === 'progress').map((e) => e.progress ?? 0),
    );

    // A crash: the process dies at once, taking nothing down with it (its ffmpeg lives on as an
    // orphan until we end it, as a real OOM kill of the node process would leave it).
    stack.kill('transcoder', 'SIGKILL');
    try {
      process.kill(ffmpegPid, 'SIGKILL');
    } catch {
      // It already went (its progress pipe closed with the worker).
    }
    await waitUntil(
      async () => !(await isAlive(transcoder)) && !(await isAlive(ffmpegPid)),
      'the processes to exit',
    );
    const meanwhile = await api.json('GET', `/jobs/${job.id}`);
    expect(meanwhile.body.status, 'the job must not have finished before the crash').toBe('running');

    await stack.restart('transcoder');
    const events = await api.events(job.id, 120_000);
    const final = events[events.length - 1];
    expect(final.event, JSON.stringify(final.data)).toBe('succeeded');
    expect(events.filter((e) => e.event !== 'progress')).toHaveLength(1);
    // The stream opened after the restart: it starts where the dead worker got to and only grows.
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress);
    expect(progress[0]).toBeGreaterThanOrEqual(reportedBeforeCrash);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(final.data.outputs).toHaveLength(1);
    const output = final.data.outputs[0];
    expect(output).toMatchObject({ source: 'output', jobId: job.id, name: 'crash-trimmed.mp4' });

    // The restarted worker removed the temp dir the killed one left behind.
    expect((await readdir(workerTmp)).filter((name) => name.startsWith(`mk-${transcoder}-`))).toEqual([]);

    // Longer than an ack wait: a second redelivery would have shown up by now.
    await sleep(ACK_WAIT_MS + 1500);
    const after = await api.json('GET', `/jobs/${job.id}`);
    expect(after.body).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(after.body.outputs.map((f: { id: string }) => f.id)).toEqual([output.id]);

    // One output record for the job among the caller's files, no duplicate.
    const listed = await api.json('GET', '/files?limit=100');
    expect(listed.status).toBe(200);
    const ofJob = listed.body.items.filter((f: { jobId?: string }) => f.jobId === job.id);
    expect(ofJob.map((f: { id: string }) => f.id)).toEqual([output.id]);

    // As NATS saw it: two deliveries started it, one reported success, and the jobs service
    // announced success once.
    const reported = workerEvents.filter((e) => e.jobId === job.id);
    expect(reported.filter((e) => e.kind === 'started')).toHaveLength(2);
    expect(reported.filter((e) => e.kind === 'succeeded')).toHaveLength(1);
    expect(reported.filter((e) => e.kind === 'failed' || e.kind === 'canceled')).toEqual([]);
    const updates = announced.filter((u) => u.id === job.id);
    // The second delivery started over from 0; what it reported below the first one's mark was
    // not announced, so no stream saw progress go back.
    const announcedProgress = updates.map((u) => u.progress);
    expect(announcedProgress).toEqual([...announcedProgress].sort((x, y) => x - y));
    expect(updates.filter((u) => u.status === 'succeeded')).toHaveLength(1);
    expect(updates.map((u) => u.status).filter((s, i, all) => s !== all[i - 1])).toEqual([
      'running',
      'succeeded',
    ]);
    // The transcoder that finished it got it as a redelivery.
    const succeededLogs = transcoderLogs().filter((l) => l.jobId === job.id && l.msg === 'job succeeded');
    expect(succeededLogs.map((l) => l.delivery)).toEqual([2]);

    const out = await download(api, output.id, 'crash.mp4');
    const info = await probe(out);
    const video = info.streams.find((s) => s.codec_type === 'video');
    expect([video?.codec_name, video?.width, video?.height]).toEqual(['h264', 640, 360]);
    expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Math.abs(Number(info.format.duration) - 10)).toBeLessThan(0.15);
  });
});

// ---------------------------------------------------------------------------------------------------

/**
 * Test media that takes ffmpeg a few seconds to encode: lavfi's test pattern with moving noise on
 * top (the bare pattern compresses so well that a 20 s clip re-encodes in one second, too fast to
 * watch progress or to kill the worker in the middle).
 */
async function makeBusyVideo(path: string, o: { seconds: number; size: string; rate: number }) {
  // biome-ignore format: flag/value pairs read best on one line each
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${o.size}:rate=${o.rate}:duration=${o.seconds},noise=alls=12:allf=t`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${o.seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', path,
  ]);
}

async function upload(api: ApiClient, path: string) {
  const response = await api.upload([path]);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.files[0];
}

async function createJob(api: ApiClient, tool: string, inputs: string[], params: Record<string, unknown>) {
  const created = await api.json('POST', '/jobs', { tool, inputs, params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return created.body;
}

async function download(api: ApiClient, fileId: string, name: string): Promise<string> {
  const response = await api.download(`/files/${fileId}/content`);
  expect(response.status).toBe(200);
  const path = join(dir, name);
  await writeFile(path, response.bytes);
  return path;
}

/** What `progress` and final events carry (docs/api.md "Jobs"), as far as these tests read it. */
interface EventData {
  status: string;
  progress: number;
  queuePosition?: number;
  outputs: Array<{ id: string }>;
}

interface Received {
  event: string;
  data: EventData;
  /** When it arrived (ms), to check how often progress is sent. */
  at: number;
}

/**
 * Opens `GET /jobs/{id}/events` and reads it in the background. Resolves once the stream is open,
 * which is after the gateway subscribed to the job's updates.
 */
async function follow(api: ApiClient, jobId: string, timeoutMs = 120_000) {
  const response = await api.request('GET', `/jobs/${jobId}/events`, {
    headers: { accept: 'text/event-stream' },
  });
  expect(response.status).toBe(200);
  const received: Received[] = [];
  const timer = setTimeout(() => void response.body?.cancel(), timeoutMs);
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.match(/^event: (.*)$/m)?.[1];
          const data = block.match(/^data: (.*)$/m)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data), at: Date.now() });
        }
      }
    } finally {
      clearTimeout(timer);
    }
    return received;
  })();
  return {
    received,
    done,
    /** Resolves with the first event that matches, waiting for it if need be. */
    async until(match: (e: Received) => boolean, what: string): Promise<Received> {
      let found: Received | undefined;
      await waitUntil(async () => {
        found = received.find(match);
        return found !== undefined;
      }, what);
      return found as Received;
    },
  };
}

/** The states a stream showed, repeats collapsed: `queued 2`, `running`, `succeeded`. */
function statesOf(events: Received[]): string[] {
  const states = events.map((e) =>
    e.data.status === 'queued' ? `queued ${e.data.queuePosition}` : String(e.data.status),
  );
  return states.filter((state, i) => state !== states[i - 1]);
}

/** The most events that arrived within any one second. */
function maxInAnySecond(events: Received[]): number {
  let most = 0;
  for (const [i, first] of events.entries()) {
    const within = events.slice(i).filter((e) => e.at - first.at < 1000).length;
    most = Math.max(most, within);
  }
  return most;
}

function transcoderLogs(): Array<Record<string, unknown>> {
  return logs.flatMap((line) => {
    if (!line.startsWith('transcoder {')) return [];
    try {
      return [JSON.parse(line.slice('transcoder '.length)) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

async function childFfmpeg(parentPid: number): Promise<number> {
  try {
    const { stdout } = await run('pgrep', ['-P', String(parentPid), 'ffmpeg']);
    return Number(stdout.trim().split('\n')[0]) || 0;
  } catch {
    return 0;
  }
}

/** Running, that is: not gone and not a zombie (an orphan waits for init to reap it). */
async function isAlive(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The state letter follows the command name in parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the processes that start ffmpeg or ffprobe', () => {
  it('run with malloc on huge pages, as their Dockerfiles set (SPAWNING_SERVICE_ENV: what a fork costs them)', async () => {
    for (const name of ['transcoder', 'files'] as const) {
      const environ = await readFile(`/proc/${stack.pids()[name]}/environ`, 'utf8');
      expect(environ.split('\0'), name).toContain('GLIBC_TUNABLES=glibc.malloc.hugetlb=1');
    }
  });

  it('run with the node flags their Dockerfiles pass: the files service a small young generation (SMALL_YOUNG_GENERATION_FLAGS)', async () => {
    const flags = async (name: 'files' | 'transcoder') =>
      (await readFile(`/proc/${stack.pids()[name]}/cmdline`, 'utf8')).split('\0');
    expect(await flags('files')).toContain('--max-semi-space-size=2');
    expect(await flags('transcoder')).toEqual(
      expect.arrayContaining([
        '--incremental-marking-soft-trigger=70',
        '--incremental-marking-hard-trigger=90',
      ]),
    );
  });
});
