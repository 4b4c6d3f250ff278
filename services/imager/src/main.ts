import { ConfigError } from '@mediakit/kit';
import { startWorker } from '@mediakit/worker';
import sharp from 'sharp';
import { setDecodePixelLimit } from './decode/open-image.ts';
import { guardHandlers } from './guard.ts';
import { allowOnlyOurLoaders, loadImageLimits } from './limits.ts';
import { handlers } from './tools/index.ts';

// The limits are read before the worker starts so a bad value stops the process with the same
// one-line-per-variable message as the worker's own configuration.
let limits: ReturnType<typeof loadImageLimits>;
try {
  limits = loadImageLimits();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`imager: ${error.message}`);
  process.exit(1);
}

// libvips keeps a process-wide operation cache that only helps when the same image is processed
// again; jobs never do that, so it would just hold memory. One libvips thread per job keeps two
// concurrent jobs from fighting over the two cores. Only the loaders of the formats we accept may
// open a file (limits.ts), whatever its bytes claim to be.
sharp.cache(false);
sharp.concurrency(1);
allowOnlyOurLoaders(sharp);
setDecodePixelLimit(limits.maxPixels);

// Every handler first re-reads its inputs, holds them to the limits and runs against a time budget
// (guard.ts).
await startWorker({
  name: 'imager',
  handlers: guardHandlers(handlers, limits),
  defaultHealthPort: 9106,
  defaultConcurrency: 2,
});
