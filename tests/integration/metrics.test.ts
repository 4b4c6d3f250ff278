import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { makeVideo } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * What an operator's Prometheus sees after a user's image and video jobs: every service's
 * `/metrics` (where the k8s pod annotations point), scraped on a real stack, moved by exactly
 * what the user did; and nothing of it on the gateway's public port.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

let stack: TestStack;
let api: ApiClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-metrics-'));
  stack = await startTestStack();
  api = new ApiClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The port each service serves `/metrics` on (the same as in deploy/k8s's annotations). */
function metricsPort(service: string): number {
  const ports = stack.ports[service as keyof typeof stack.ports] as Record<string, number>;
  return ports.METRICS_PORT ?? ports.HTTP_PORT ?? ports.HEALTH_PORT;
}

/** Prometheus' text format, parsed enough for the assertions: one sample per line. */
async function scrape(service: string): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${metricsPort(service)}/metrics`);
  expect(response.status, service).toBe(200);
  expect(response.headers.get('content-type'), service).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples: Sample[] = [];
  for (const line of (await response.text()).split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; undefined when absent. */
function sampled(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.length ? found.reduce((sum, s) => sum + s.value, 0) : undefined;
}

async function runJob(tool: string, inputId: string, params: Record<string, unknown>) {
  const created = await api.json('POST', '/jobs', { tool, inputs: [inputId], params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await api.events(created.body.id);
  expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('succeeded');
  return events.at(-1)?.data as { outputs: { id: string; size: number }[] };
}

describe('metrics', () => {
  it('counts an image job and a video job on every service, and keeps /metrics off the public port', async () => {
    const image = join(dir, 'red.png');
    await writeFile(
      image,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
    );
    const video = join(dir, 'clip.webm');
    await makeVideo(video, { seconds: 1 });
    const uploadedBytes = (await stat(image)).size + (await stat(video)).size;
    const uploaded = await api.upload([image, video]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const [imageFile, videoFile] = uploaded.body.files as { id: string }[];

    const resized = await runJob('resize-image', imageFile.id, { width: 32, height: 24 });
    const converted = await runJob('webm-to-mp4', videoFile.id, {});
    const output = await api.download(`/files/${converted.outputs[0].id}/content`);
    expect(output.status).toBe(200);

    // Every service: its process metrics, labelled with its name.
    const scraped: Record<string, Sample[]> = {};
    for (const service of ['gateway', 'auth', 'files', 'jobs', 'content', 'transcoder', 'imager']) {
      scraped[service] = await scrape(service);
      expect(
        sampled(scraped[service], 'mediakit_process_cpu_seconds_total', { service }),
        service,
      ).toBeGreaterThan(0);
    }

    // Jobs service: each job queued once and succeeded once, by its catalog tool name.
    for (const tool of ['resize-image', 'webm-to-mp4']) {
      expect(sampled(scraped.jobs, 'mediakit_jobs_total', { tool, status: 'queued' }), tool).toBe(1);
      expect(sampled(scraped.jobs, 'mediakit_jobs_total', { tool, status: 'succeeded' }), tool).toBe(1);
      expect(sampled(scraped.jobs, 'mediakit_jobs_total', { tool, status: 'failed' }), tool).toBeUndefined();
    }

    // Workers: one timed delivery each, the input read and the output written.
    for (const [worker, tool, result] of [
      ['imager', 'resize-image', resized],
      ['transcoder', 'webm-to-mp4', converted],
    ] as const) {
      const samples = scraped[worker];
      expect(
        sampled(samples, 'mediakit_job_duration_seconds_count', { tool, outcome: 'succeeded' }),
        worker,
      ).toBe(1);
      expect(sampled(samples, 'mediakit_worker_read_bytes_total'), worker).toBeGreaterThan(0);
      expect(sampled(samples, 'mediakit_worker_written_bytes_total'), worker).toBe(
        Number(result.outputs[0].size),
      );
    }
    expect(sampled(scraped.imager, 'mediakit_worker_read_bytes_total')).toBe((await stat(image)).size);

    // Files service: the uploads in, the download out; its routes timed by pattern.
    expect(sampled(scraped.files, 'mediakit_files_uploaded_bytes_total')).toBeGreaterThanOrEqual(
      uploadedBytes,
    );
    expect(sampled(scraped.files, 'mediakit_files_downloaded_bytes_total')).toBe(output.bytes.length);
    expect(
      sampled(scraped.files, 'mediakit_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/internal/files',
        status_class: '2xx',
      }),
    ).toBe(1);

    // Gateway: requests timed by route pattern, never by raw URL (no job id in any label).
    const gatewayHttp = scraped.gateway.filter(
      (s) => s.name === 'mediakit_http_request_duration_seconds_count',
    );
    expect(
      sampled(gatewayHttp, 'mediakit_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v1/jobs',
        status_class: '2xx',
      }),
    ).toBe(2);
    expect(
      sampled(gatewayHttp, 'mediakit_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/jobs/:id/events',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(gatewayHttp.map((s) => s.labels.route).join(' ')).not.toContain(imageFile.id);

    // Jobs service: the queue lag of both worker consumers, back to 0 once the workers acked
    // (the ack follows the `succeeded` event, so it may take a scrape or two).
    let lag: Sample[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      lag = (await scrape('jobs')).filter((s) => s.name === 'mediakit_queue_lag_messages');
      if (lag.length === 2 && lag.every((s) => s.value === 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(lag.map((s) => [s.labels.consumer, s.value]).sort()).toEqual([
      ['imager', 0],
      ['transcoder', 0],
    ]);

    // The public port: no metrics, whatever the path.
    for (const path of ['/metrics', '/api/v1/metrics']) {
      const response = await fetch(`${stack.gatewayUrl}${path}`);
      expect(await response.text(), path).not.toContain('mediakit_');
    }
  });
});
