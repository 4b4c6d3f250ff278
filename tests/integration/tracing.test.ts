import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { makeVideo } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * One job, one trace: the browser's `traceparent` reaches the gateway (OpenTelemetry's HTTP
 * instrumentation), the jobs service (gRPC), the worker (NATS headers, by hand), the files service
 * the worker registers its output with (gRPC), the jobs service's handling of the worker's events
 * (NATS) and the gateway's SSE write of the final event (NATS, via the trace stored on the job).
 * The services export their spans over OTLP/HTTP JSON to a small collector here. Every log line
 * about the job names the trace. A second stack, without an exporter, still logs real trace ids.
 */

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
}

const SPAN_KIND_SERVER = 2;
const BROWSER_SPAN_ID = '00f067aa0ba902b7';
const ZERO_TRACE_ID = '0'.repeat(32);
const spans: ExportedSpan[] = [];
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-tracing-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An OTLP/HTTP receiver of traces in JSON (metrics and logs are switched off below). */
function startCollector(collector: Server): Promise<string> {
  collector.on('request', (request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
          const service = resourceSpans.resource.attributes.find(
            (a: { key: string }) => a.key === 'service.name',
          )?.value.stringValue;
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? []) spans.push({ service, ...span });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    collector.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(collector.address() as AddressInfo).port}`),
    ),
  );
}

/** Uploads an input and runs one job on it to its last SSE event; `traceparent` as a browser sends it. */
async function runJob(
  api: ApiClient,
  input: string,
  tool: string,
  params: Record<string, unknown>,
  traceparent?: string,
): Promise<string> {
  const uploaded = await api.upload([input]);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const headers: Record<string, string> = traceparent ? { traceparent } : {};
  const created = await api.request('POST', '/jobs', {
    headers,
    json: { tool, inputs: [uploaded.body.files[0].id], params },
  });
  const job = (await created.json()) as { id: string };
  expect(created.status, JSON.stringify(job)).toBe(202);
  const events = await api.events(job.id, 120_000, headers);
  expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('succeeded');
  return job.id;
}

/** The JSON log lines the stack printed that mention `text`, with the service that printed them. */
function logLinesAbout(stack: TestStack, text: string): { service: string; trace_id?: string }[] {
  return stack.logs
    .filter((line) => line.includes(text))
    .map((line) => {
      const space = line.indexOf(' ');
      const service = line.slice(0, space);
      try {
        return { service, ...JSON.parse(line.slice(space + 1)) };
      } catch {
        return { service, text: line }; // not a log line of ours: it names no trace, and fails below
      }
    });
}

async function makePng(): Promise<string> {
  const path = join(dir, 'red.png');
  const png = sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } });
  await writeFile(path, await png.png().toBuffer());
  return path;
}

describe('tracing with an exporter', () => {
  const collector = createServer();
  let stack: TestStack;
  let api: ApiClient;

  beforeAll(async () => {
    const endpoint = await startCollector(collector);
    const telemetry = {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    stack = await startTestStack({
      serviceEnv: {
        gateway: telemetry,
        jobs: telemetry,
        files: telemetry,
        imager: telemetry,
        transcoder: telemetry,
      },
    });
    api = new ApiClient(stack.gatewayUrl);
  }, 180_000);

  afterAll(async () => {
    await stack?.teardown();
    collector.close();
  });

  /** The trace's spans, once the SSE span of the job's last event has been exported (or after 20 s). */
  async function traceOf(traceId: string): Promise<ExportedSpan[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = spans.filter((s) => s.traceId === traceId);
      if (found.some((s) => s.name === 'sse succeeded') || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it.each([
    { tool: 'resize-image', worker: 'imager', params: { width: 20, height: 15 } },
    { tool: 'trim-video', worker: 'transcoder', params: { start: 0, end: 1 } },
  ])(
    'makes one trace of a $tool job, from the request to the SSE event',
    async ({ tool, worker, params }) => {
      const input = tool === 'trim-video' ? join(dir, 'clip.webm') : await makePng();
      if (tool === 'trim-video') await makeVideo(input, { seconds: 2, size: '160x120' });
      const traceId = crypto.randomUUID().replaceAll('-', '');
      const jobId = await runJob(api, input, tool, params, `00-${traceId}-${BROWSER_SPAN_ID}-01`);

      const trace = await traceOf(traceId);
      const dump = JSON.stringify(
        trace.map(({ service, name, spanId, parentSpanId }) => ({ service, name, spanId, parentSpanId })),
      );
      const byId = new Map(trace.map((s) => [s.spanId, s]));
      /** Whether `span` lies under the span `ancestorId`, walking up its parents. */
      const under = (span: ExportedSpan | undefined, ancestorId: string | undefined): boolean => {
        for (let s = span; s; s = byId.get(s.parentSpanId)) if (s.parentSpanId === ancestorId) return true;
        return false;
      };
      const find = (service: string, test: (s: ExportedSpan) => boolean) =>
        trace.find((s) => s.service === `mediakit-${service}` && test(s));

      // Gateway: the POST, a child of the browser's span; jobs: CreateJob, under it.
      const request = find('gateway', (s) => s.kind === SPAN_KIND_SERVER && s.name.startsWith('POST '));
      expect(request?.parentSpanId, dump).toBe(BROWSER_SPAN_ID);
      const create = find('jobs', (s) => s.kind === SPAN_KIND_SERVER && s.name.endsWith('/CreateJob'));
      expect(under(create, request?.spanId), dump).toBe(true);
      // The worker's job span, from the dispatch CreateJob published on NATS.
      const work = find(worker, (s) => s.name === `job ${tool}`);
      expect(under(work, create?.spanId), dump).toBe(true);
      // The worker reading its input and storing its output, which it registers with the files service.
      const download = find(worker, (s) => s.name === 'download inputs');
      expect(under(download, work?.spanId), dump).toBe(true);
      const store = find(worker, (s) => s.name === 'store output');
      expect(under(store, work?.spanId), dump).toBe(true);
      const files = find('files', (s) => s.kind === SPAN_KIND_SERVER && under(s, store?.spanId));
      expect(files?.name, dump).toMatch(/RegisterOutput$/);
      // The jobs service applying the worker's `succeeded` event, then the gateway's SSE write of it.
      const applied = find('jobs', (s) => s.name === 'job event succeeded');
      expect(under(applied, work?.spanId), dump).toBe(true);
      const sse = find('gateway', (s) => s.name === 'sse succeeded');
      expect(under(sse, applied?.spanId), dump).toBe(true);
      expect(under(sse, BROWSER_SPAN_ID)).toBe(true);

      // Every log line about the job, in any service, names this trace.
      const lines = logLinesAbout(stack, jobId);
      const services = new Set(lines.map((line) => line.service));
      expect([...services], JSON.stringify(lines)).toEqual(expect.arrayContaining(['gateway', worker]));
      for (const line of lines) expect(line.trace_id, JSON.stringify(line)).toBe(traceId);
    },
  );
});

describe('tracing without an exporter', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  }, 180_000);

  afterAll(async () => {
    await stack?.teardown();
  });

  it('still logs a real trace id on every line about a job, the same from the request to the worker', async () => {
    const api = new ApiClient(stack.gatewayUrl);
    const jobId = await runJob(api, await makePng(), 'resize-image', { width: 20, height: 15 });
    const lines = logLinesAbout(stack, jobId);
    const worker = lines.filter((line) => line.service === 'imager');
    expect(worker.length, JSON.stringify(lines)).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.trace_id, JSON.stringify(line)).toMatch(/^[0-9a-f]{32}$/);
      expect(line.trace_id).not.toBe(ZERO_TRACE_ID);
    }
    // The worker's lines are in the trace of the request that created the job.
    const post = logLinesAbout(stack, '"msg":"request completed"').filter((line) =>
      JSON.stringify(line).includes('"method":"POST","url":"/api/v1/jobs"'),
    );
    expect(post.map((line) => line.trace_id)).toContain(worker[0].trace_id);
  });
});
