import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * One request's trace crosses the platform: the browser's `traceparent` reaches the gateway
 * (OpenTelemetry's HTTP instrumentation), the jobs service (its gRPC instrumentation) and the
 * imager (NATS headers, by hand). The services export their spans over OTLP/HTTP JSON to a small
 * collector here, which checks each hop's span is the child of the hop before it.
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
const spans: ExportedSpan[] = [];
let collector: Server;
let stack: TestStack;
let api: ApiClient;
let dir: string;

/** An OTLP/HTTP receiver of traces in JSON (metrics and logs are switched off below). */
function startCollector(): Promise<string> {
  collector = createServer((request, response) => {
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

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-tracing-'));
  const endpoint = await startCollector();
  const telemetry = {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  stack = await startTestStack({
    serviceEnv: { gateway: telemetry, jobs: telemetry, imager: telemetry },
  });
  api = new ApiClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
  collector?.close();
  await rm(dir, { recursive: true, force: true });
});

async function spansOf(traceId: string, services: string[]): Promise<ExportedSpan[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = spans.filter((s) => s.traceId === traceId);
    if (services.every((name) => found.some((s) => s.service === name)) || Date.now() > deadline)
      return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('tracing', () => {
  it('carries one trace from the gateway through gRPC and NATS to the worker', async () => {
    const path = join(dir, 'red.png');
    await writeFile(
      path,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
    );
    const uploaded = await api.upload([path]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const browserSpanId = '00f067aa0ba902b7';
    const created = await api.request('POST', '/jobs', {
      headers: { traceparent: `00-${traceId}-${browserSpanId}-01` },
      json: { tool: 'resize-image', inputs: [uploaded.body.files[0].id], params: { width: 20, height: 15 } },
    });
    const job = (await created.json()) as { id: string };
    expect(created.status, JSON.stringify(job)).toBe(202);
    const events = await api.events(job.id);
    expect(events.at(-1)?.event).toBe('succeeded');

    const trace = await spansOf(traceId, ['mediakit-gateway', 'mediakit-jobs', 'mediakit-imager']);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    // Gateway: the HTTP request, a child of the browser's span.
    const request = trace.find((s) => s.service === 'mediakit-gateway' && s.kind === SPAN_KIND_SERVER);
    expect(request?.parentSpanId, JSON.stringify(trace)).toBe(browserSpanId);
    // Jobs: the gRPC call, a child of the gateway's gRPC client span.
    const rpc = trace.find((s) => s.service === 'mediakit-jobs' && s.kind === SPAN_KIND_SERVER);
    expect(rpc?.name).toMatch(/^grpc\.mediakit\.jobs\./);
    expect(byId.get(rpc?.parentSpanId ?? '')?.service).toBe('mediakit-gateway');
    // Imager: the job, a child of the jobs service's span that published it on NATS.
    const work = trace.find((s) => s.service === 'mediakit-imager' && s.name === 'job resize-image');
    expect(byId.get(work?.parentSpanId ?? '')?.service, JSON.stringify(trace)).toBe('mediakit-jobs');
  });
});
