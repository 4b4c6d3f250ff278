/** The sending side of paced-load.ts, in its own thread. */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { PacedLoadOptions, PacedLoadResult } from './paced-load.ts';

const options = workerData as PacedLoadOptions;
const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
const total = Math.round(options.rate * options.seconds);
const interval = 1000 / options.rate;
const latencies = new Array<number>(total);
const sendLag = new Array<number>(total);
let non2xx = 0;
let errors = 0;
let done = 0;

function send(i: number, due: number): void {
  sendLag[i] = performance.now() - due;
  const req = request(options.url, { agent, headers: options.headers }, (res) => {
    if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
    res.resume();
    res.on('end', () => finish(i, due));
  });
  req.on('error', () => {
    errors++;
    finish(i, due);
  });
  req.end();
}

const start = performance.now() + 50;
let next = 0;
function finish(i: number, due: number): void {
  latencies[i] = performance.now() - due;
  if (++done === total) {
    const result: PacedLoadResult = {
      latencies,
      sendLag,
      non2xx,
      errors,
      achievedRate: (total / (performance.now() - start)) * 1000,
    };
    agent.destroy();
    parentPort?.postMessage(result);
  }
}

// Sends whatever is due, then sleeps until the next request is due (a timer, not a busy loop: the
// generator shares the cores with the stack). Node's timers fire about 1 ms late at best, which
// shows up in sendLag and in the latencies, never in our favour.
function tick(): void {
  const now = performance.now();
  while (next < total && start + next * interval <= now) {
    send(next, start + next * interval);
    next++;
  }
  if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
}
setTimeout(tick, 50);
