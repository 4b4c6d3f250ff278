import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

// The platform's own metrics. Every process registers all of them and serves the ones it moves;
// labels stay bounded: tool names come from the catalog, routes are Fastify's patterns, statuses
// are the job statuses or HTTP status classes. Names follow Prometheus' conventions (unit, _total).
const registers = [metricsRegistry];

/** Jobs service: a job entered a status (queued on create and retry, running, and the final ones). */
export const jobsTotal = new Counter({
  name: 'mediakit_jobs_total',
  help: 'Jobs that entered a status, by tool and status.',
  labelNames: ['tool', 'status'] as const,
  registers,
});

/** Workers: one delivery of a job, from pull to outcome (succeeded, failed, canceled, retried, handed_back). */
export const jobDurationSeconds = new Histogram({
  name: 'mediakit_job_duration_seconds',
  help: 'Time a worker spent on one delivery of a job, by tool and outcome.',
  labelNames: ['tool', 'outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
  registers,
});

/** Files service: bytes of uploads stored (multipart and tus). */
export const filesUploadedBytes = new Counter({
  name: 'mediakit_files_uploaded_bytes_total',
  help: 'Bytes of uploaded files stored.',
  registers,
});

/** Files service: bytes of file content sent in full (downloads, ranges included). */
export const filesDownloadedBytes = new Counter({
  name: 'mediakit_files_downloaded_bytes_total',
  help: 'Bytes of file content sent in completed downloads.',
  registers,
});

/** Workers: job inputs read from the object store. */
export const workerReadBytes = new Counter({
  name: 'mediakit_worker_read_bytes_total',
  help: 'Bytes of job inputs a worker read from the object store.',
  registers,
});

/** Workers: job outputs (and archives) written to the object store. */
export const workerWrittenBytes = new Counter({
  name: 'mediakit_worker_written_bytes_total',
  help: 'Bytes of job outputs a worker wrote to the object store.',
  registers,
});

/** Gateway and files service: every HTTP request, by Fastify route pattern. */
export const httpRequestDurationSeconds = new Histogram({
  name: 'mediakit_http_request_duration_seconds',
  help: 'HTTP request duration, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});
