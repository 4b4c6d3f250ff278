/**
 * An open-loop load at an even rate: request i is sent at start + i/rate, whatever the answers do.
 *
 * Why not autocannon's `overallRate`: autocannon gives each connection a quota per second and
 * sends it back to back as soon as the second starts, then waits for the next second. At
 * "1,000 req/s" over 20 connections that is a burst of 1,000 requests at the full concurrency of
 * 20 every second, then silence: its latencies are those of a saturated server, not of one serving
 * 1,000 req/s (measured: p50 13 ms at "200 req/s" against 2 ms when saturated on purpose).
 *
 * Runs in a worker thread so the bench process's own work (reading every service's log lines)
 * does not delay the sends. Latency is measured from the moment each request was due, so a
 * generator that falls behind shows it in the figures instead of hiding it; how late the sends
 * were is reported next to them.
 */
import { Worker } from 'node:worker_threads';

export interface PacedLoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Requests per second, evenly spaced. */
  rate: number;
  seconds: number;
  /** Keep-alive connections the requests are spread over (more open when all are busy). */
  connections: number;
}

export interface PacedLoadResult {
  /** Milliseconds from each request's due time to its complete answer, in send order. */
  latencies: number[];
  /** Milliseconds each send started after its due time. */
  sendLag: number[];
  non2xx: number;
  errors: number;
  /** Answers per second over the run. */
  achievedRate: number;
}

export function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./paced-load-worker.ts', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the paced load worker exited with code ${code}`));
    });
  });
}
