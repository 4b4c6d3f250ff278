import { join } from 'node:path';
// biome-ignore lint/suspicious/noTsIgnore: autocannon ships no types and @types/autocannon is not a dependency
// @ts-ignore
import autocannon from 'autocannon';
import sharp from 'sharp';
import { ApiClient, uploadOne } from '../lib/jobs.ts';
import { MemorySampler, memoryTable } from '../lib/memory.ts';
import { type PacedLoadResult, pacedLoad } from '../lib/paced-load.ts';
import type { BenchContext, PartOutcome } from '../lib/part.ts';
import { startBenchStack } from '../lib/stack.ts';
import { fmt, percentile, summarize } from '../lib/stats.ts';
import { atMost } from '../lib/targets.ts';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}

interface Load {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  connections: number;
  /** Fixed total rate (autocannon's overallRate); unset = as fast as it answers. */
  rate?: number;
}

/**
 * Gateway: autocannon against the API on a stack without workers (auth, files, jobs, content,
 * gateway), so `POST /jobs` measures accepting a job (validation, ownership and plan checks,
 * persistence, dispatch on JetStream) and no encode competes for the two cores.
 */
export async function gatewayPart(ctx: BenchContext): Promise<PartOutcome & { memory: string }> {
  const { quick } = ctx;
  const stack = await startBenchStack({ services: ['auth', 'files', 'jobs', 'content', 'gateway'] });
  const memory = new MemorySampler(() => stack.pids(), 200);
  try {
    const client = new ApiClient(stack.url);
    const png = join(ctx.workDir, 'tiny.png');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toFile(png);
    const fileId = await uploadOne(client, png, 'tiny.png');
    const jobBody = JSON.stringify({ tool: 'resize-image', inputs: [fileId], params: { width: 32 } });
    const created = await client.json('POST', '/jobs', JSON.parse(jobBody));
    if (created.status !== 202) throw new Error(`POST /jobs answered ${created.status}`);
    const jobId = created.body.id as string;

    memory.phase('idle');
    await new Promise((r) => setTimeout(r, quick ? 1000 : 5000));

    const seconds = quick ? 2 : 15;
    const loads: Load[] = [
      { name: 'GET /api/v1/tools', method: 'GET', path: '/api/v1/tools', connections: 10 },
      { name: 'GET /api/v1/jobs/{id}', method: 'GET', path: `/api/v1/jobs/${jobId}`, connections: 10 },
      {
        name: 'GET /api/v1/jobs/{id}, autocannon overallRate 1,000/s (bursts, see below)',
        method: 'GET',
        path: `/api/v1/jobs/${jobId}`,
        connections: 20,
        rate: quick ? 200 : 1000,
      },
    ];
    // Last: it adds jobs, and the GETs should be measured on the same small store every run.
    const postLoad: Load = {
      name: 'POST /api/v1/jobs',
      method: 'POST',
      path: '/api/v1/jobs',
      body: jobBody,
      connections: 10,
    };
    const rows: string[] = [];
    let fixedRate: CannonResult | undefined;
    const runCannon = async (load: Load) => {
      ctx.log(`gateway: ${load.name}`);
      memory.phase(load.name);
      const result = (await autocannon({
        url: `${stack.url}${load.path}`,
        method: load.method,
        body: load.body,
        headers: { cookie: client.cookieHeader, 'content-type': 'application/json' },
        connections: load.connections,
        duration: seconds,
        ...(load.rate ? { overallRate: load.rate } : {}),
      })) as CannonResult;
      if (load.rate) fixedRate = result;
      const failed = result.non2xx + result.errors + result.timeouts;
      rows.push(
        `| ${load.name}${load.rate ? ` (asked: ${load.rate}/s)` : ''} | ${load.connections} | **${fmt(result.requests.average, 0)}** | ${fmt(result.latency.p50, 0)} | ${fmt(result.latency.p90, 0)} | **${fmt(result.latency.p99, 0)}** | ${fmt(result.latency.max, 0)} | ${result.requests.total} | ${failed} |`,
      );
    };
    for (const load of loads) await runCannon(load);
    // The target's figure: an even 1,000 req/s (paced-load.ts says why not autocannon's rate).
    const rate = quick ? 200 : 1000;
    ctx.log(`gateway: GET /api/v1/jobs/{id} paced at ${rate} req/s`);
    memory.phase(`GET /api/v1/jobs/{id} paced at ${rate} req/s`);
    const paced: PacedLoadResult = await pacedLoad({
      url: `${stack.url}/api/v1/jobs/${jobId}`,
      headers: { cookie: client.cookieHeader },
      rate,
      seconds,
      connections: 20,
    });
    const pacedLatency = summarize(paced.latencies);
    const lag = summarize(paced.sendLag);
    const pacedFailed = paced.non2xx + paced.errors;
    rows.push(
      `| GET /api/v1/jobs/{id}, paced evenly at ${rate}/s (the target's figure) | ≤ 20 | **${fmt(paced.achievedRate, 0)}** | ${fmt(pacedLatency.p50, 1)} | ${fmt(
        percentile(
          [...paced.latencies].sort((a, b) => a - b),
          90,
        ),
        1,
      )} | **${fmt(pacedLatency.p99, 1)}** | ${fmt(pacedLatency.max, 0)} | ${paced.latencies.length} | ${pacedFailed} |`,
    );
    await runCannon(postLoad);
    memory.end();
    const markdown = `autocannon ${quick ? '(quick: 2 s each, 200 req/s for the fixed rate)' : `(${seconds} s each)`} over loopback, one guest caller (its \`mk_guest\` cookie on every request), rate limits raised for the bench. autocannon runs in the bench process on the same cores as the stack. Latency in ms (autocannon's resolution is 1 ms).

| endpoint | connections | req/s | p50 | p90 | p99 | max | requests | non-2xx or errors |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

The paced row is the target's measurement: one request every ${fmt(1000 / rate, 1)} ms from a worker thread (\`bench/lib/paced-load.ts\`), latency counted from when each request was due (the generator's own lateness, p50 ${fmt(lag.p50, 2)} ms, p99 ${fmt(lag.p99, 2)} ms, is inside the figures). autocannon's \`overallRate\` row is kept for comparison: it sends each connection's quota for the second back to back as the second starts, so it measures a burst at full concurrency once a second, not a steady rate.
`;
    return {
      markdown,
      memory: memoryTable(memory.phases),
      targets: [
        atMost(
          `GET /jobs/{id} p99 at ${rate} req/s`,
          pacedLatency.p99,
          15,
          ' ms',
          1,
          `paced evenly, achieved ${fmt(paced.achievedRate, 0)} req/s${pacedFailed ? `, ${pacedFailed} failed` : ''}; autocannon's bursty overallRate: p99 ${fmt(fixedRate?.latency.p99, 0)} ms`,
        ),
      ],
    };
  } finally {
    memory.end();
    await stack.teardown();
  }
}
