import { ConfigError } from '@mediakit/kit';
import { startWorker } from '@mediakit/worker';
import { guardHandlers } from './guard.ts';
import { loadVideoLimits } from './limits.ts';
import { handlers } from './tools/index.ts';

// The limits are read before the worker starts so a bad value stops the process with the same
// one-line-per-variable message as the worker's own configuration.
let limits: ReturnType<typeof loadVideoLimits>;
try {
  limits = loadVideoLimits();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`transcoder: ${error.message}`);
  process.exit(1);
}

// One job at a time per process by default: ffmpeg's libx264 already uses every core, and more
// replicas (not more concurrency) are how the transcoder scales.
// Every handler first re-reads its inputs and holds them to the limits (guard.ts).
await startWorker({
  name: 'transcoder',
  handlers: guardHandlers(handlers, limits),
  defaultHealthPort: 9105,
  defaultConcurrency: 1,
});
