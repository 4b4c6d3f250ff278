/**
 * `npm run load`: holds LOAD_CONCURRENCY (200) visitors uploading and submitting jobs for
 * LOAD_SECONDS (120) against a stack it starts itself (real nats-server and every service, temp
 * DATA_DIR, rate limits raised for the run), then checks the promises of issue 10:
 *
 *   - no answer 5xx (and no failed connection),
 *   - no lost job: every accepted job (202) reaches `succeeded`,
 *   - flat memory: the RSS of every service at the end (after the drain) is within
 *     LOAD_RSS_GROWTH_MB (64) of what it was half-way through the run (the first half is warm-up:
 *     heaps grow to their working set).
 *
 * Each visitor is a guest of its own (its own cookie, so its own owner and queue turn) and loops:
 * upload a small PNG (multipart), submit png-to-jpg on it, poll the job until it ends. So 200 visitors
 * keep up to 200 uploads, submissions and jobs in flight at every moment. Prints the figures, and
 * exits 1 when a promise is broken. Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startStack } from '@mediakit/devstack';
import sharp from 'sharp';

const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const RSS_GROWTH_MB = Number(process.env.LOAD_RSS_GROWTH_MB ?? 64);
const DRAIN_SECONDS = 120;
const NO_LIMIT = '1000000';

interface Sample {
  at: number;
  rss: Partial<Record<string, number>>;
}

const stats = {
  uploads: [] as number[],
  submits: [] as number[],
  turnarounds: [] as number[],
  statuses: new Map<number, number>(),
  networkErrors: 0,
  accepted: new Map<string, { visitor: Visitor; done: boolean; status?: string }>(),
  firstErrors: [] as string[],
};

class Visitor {
  cookie = '';
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }
  async request(
    method: string,
    path: string,
    body?: FormData | object,
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes, read field by field
  ): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/api/v1${path}`, { method, headers, body: payload });
    } catch (error) {
      stats.networkErrors += 1;
      if (stats.firstErrors.length < 5)
        stats.firstErrors.push(`${method} ${path}: ${(error as Error).message}`);
      return { status: 0, json: undefined };
    }
    const guest = response.headers.get('set-cookie')?.match(/mk_guest=([^;]+)/);
    if (guest) this.cookie = `mk_guest=${guest[1]}`;
    stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
    const text = await response.text();
    if (response.status >= 500 && stats.firstErrors.length < 5)
      stats.firstErrors.push(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
}

/** A small PNG of random pixels: every visitor's is different. */
async function randomPng(): Promise<Buffer> {
  return sharp(randomBytes(48 * 32 * 3), { raw: { width: 48, height: 32, channels: 3 } })
    .png()
    .toBuffer();
}

async function waitForJob(visitor: Visitor, id: string, until: number): Promise<string | undefined> {
  while (Date.now() < until) {
    const { status, json } = await visitor.request('GET', `/jobs/${id}`);
    if (status === 200 && ['succeeded', 'failed', 'canceled'].includes(json.status)) return json.status;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return undefined;
}

async function visitorLoop(baseUrl: string, index: number, endAt: number): Promise<void> {
  const visitor = new Visitor(baseUrl);
  const png = await randomPng();
  while (Date.now() < endAt) {
    const form = new FormData();
    form.append('file', new Blob([png]), `load-${index}.png`);
    let started = Date.now();
    const uploaded = await visitor.request('POST', '/files', form);
    if (uploaded.status !== 201) continue;
    stats.uploads.push(Date.now() - started);

    started = Date.now();
    const job = await visitor.request('POST', '/jobs', {
      tool: 'png-to-jpg',
      inputs: [uploaded.json.files[0].id],
    });
    if (job.status !== 202) continue;
    stats.submits.push(Date.now() - started);
    const entry: { visitor: Visitor; done: boolean; status?: string } = { visitor, done: false };
    stats.accepted.set(job.json.id, entry);

    const final = await waitForJob(visitor, job.json.id, endAt);
    if (final) {
      entry.done = true;
      entry.status = final;
      stats.turnarounds.push(Date.now() - started);
    }
  }
}

async function rssOf(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const dataDir = await mkdtemp(join(tmpdir(), 'mk-load-'));
  console.log(`Starting the stack (DATA_DIR ${dataDir})...`);
  const stack = await startStack({
    root,
    dataDir,
    ports: 'random',
    restartOnCrash: false,
    env: { LOG_LEVEL: 'warn' },
    serviceEnv: {
      gateway: {
        RATE_LIMIT_PER_MINUTE: NO_LIMIT,
        RATE_LIMIT_WRITES_PER_MINUTE: NO_LIMIT,
        RATE_LIMIT_AUTH_PER_MINUTE: NO_LIMIT,
      },
    },
    onLog: (service, line) => {
      if (/"level":(50|60)/.test(line)) console.error(`[${service}] ${line}`);
    },
  });
  const samples: Sample[] = [];
  const sample = async () => {
    const rss: Sample['rss'] = {};
    for (const [name, pid] of Object.entries(stack.pids())) if (pid) rss[name] = await rssOf(pid);
    samples.push({ at: Date.now(), rss });
  };

  try {
    const startedAt = Date.now();
    const endAt = startedAt + SECONDS * 1000;
    console.log(`${CONCURRENCY} visitors for ${SECONDS} s against ${stack.gatewayUrl}...`);
    await sample();
    const sampler = setInterval(() => void sample(), 5_000);
    const progress = setInterval(() => {
      const done = [...stats.accepted.values()].filter((j) => j.done).length;
      console.log(
        `  ${Math.round((Date.now() - startedAt) / 1000)} s: ${stats.uploads.length} uploads, ${stats.accepted.size} jobs accepted, ${done} finished`,
      );
    }, 15_000);
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => visitorLoop(stack.gatewayUrl, i, endAt)));
    clearInterval(progress);
    await sample();
    clearInterval(sampler);
    const elapsed = (Date.now() - startedAt) / 1000;

    // Drain: every accepted job must still end, however late.
    const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
    for (const [id, entry] of stats.accepted) {
      if (entry.done) continue;
      const final = await waitForJob(entry.visitor, id, drainUntil);
      if (final) {
        entry.done = true;
        entry.status = final;
      }
    }
    await sample();

    const jobs = [...stats.accepted.values()];
    const lost = jobs.filter((j) => !j.done).length;
    const notSucceeded = jobs.filter((j) => j.done && j.status !== 'succeeded').length;
    const fivexx = [...stats.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);

    // Memory: heaps grow to their working set first, so "flat" is judged from the middle of the run
    // (the first half is warm-up) to its end; the quarters show the shape.
    const at = (fraction: number) =>
      samples.find((s) => s.at >= startedAt + fraction * SECONDS * 1000) ?? (samples.at(-1) as Sample);
    const quarters = [0.25, 0.5, 0.75, 1].map(at);
    const warm = at(0.5);
    const last = samples.at(-1) as Sample;
    const memory = Object.keys(last.rss)
      .filter((name) => name !== 'nats')
      .map((name) => {
        const values = samples.map((s) => s.rss[name]).filter((v): v is number => v !== undefined);
        const growth = (last.rss[name] ?? 0) - (warm.rss[name] ?? 0);
        return {
          name,
          quarters: quarters.map((q) => q.rss[name] ?? 0),
          peak: Math.max(...values),
          last: last.rss[name] ?? 0,
          growth,
        };
      });
    const grew = memory.filter((m) => m.growth > RSS_GROWTH_MB);

    const ms = (values: number[]) =>
      `p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, p99 ${percentile(values, 99)} ms`;
    console.log(`\nLoad: ${CONCURRENCY} concurrent visitors for ${elapsed.toFixed(0)} s`);
    console.log(
      `  uploads      ${stats.uploads.length} (${(stats.uploads.length / elapsed).toFixed(1)}/s), ${ms(stats.uploads)}`,
    );
    console.log(
      `  job submits  ${stats.accepted.size} accepted (${(stats.accepted.size / elapsed).toFixed(1)}/s), ${ms(stats.submits)}`,
    );
    console.log(`  job turnaround (submit to final state) ${ms(stats.turnarounds)}`);
    console.log(
      `  answers      ${[...stats.statuses]
        .sort()
        .map(([s, c]) => `${s}: ${c}`)
        .join(', ')}; network errors ${stats.networkErrors}`,
    );
    console.log(
      `  jobs         ${jobs.length - lost - notSucceeded} succeeded, ${notSucceeded} failed/canceled, ${lost} lost (not finished ${DRAIN_SECONDS} s after the run)`,
    );
    console.log('  memory (RSS, MB)  at 25%   50%   75%  100%  after drain  growth from 50%');
    const mb = (v: number, width: number) => v.toFixed(0).padStart(width);
    for (const m of memory)
      console.log(
        `    ${m.name.padEnd(12)} ${m.quarters.map((q) => mb(q, 5)).join(' ')} ${mb(m.last, 12)} ${(m.growth >= 0 ? '+' : '') + mb(m.growth, 6)}`,
      );
    for (const line of stats.firstErrors) console.log(`  error: ${line}`);

    const broken = [
      fivexx > 0 && `${fivexx} answers were 5xx`,
      stats.networkErrors > 0 && `${stats.networkErrors} requests failed to connect or broke off`,
      lost > 0 && `${lost} accepted jobs never finished`,
      notSucceeded > 0 && `${notSucceeded} jobs failed`,
      grew.length > 0 && `memory grew more than ${RSS_GROWTH_MB} MB in ${grew.map((m) => m.name).join(', ')}`,
    ].filter(Boolean);
    console.log(broken.length ? `\nFAILED: ${broken.join('; ')}` : '\nOK: no 5xx, no lost job, flat memory.');
    process.exitCode = broken.length ? 1 : 0;
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
