import { startWorker } from '@mediakit/worker';
import sharp from 'sharp';
import { handlers } from './tools/index.ts';

// libvips keeps a process-wide operation cache that only helps when the same image is processed
// again; jobs never do that, so it would just hold memory. One libvips thread per job keeps two
// concurrent jobs from fighting over the two cores.
sharp.cache(false);
sharp.concurrency(1);

await startWorker({ name: 'imager', handlers, defaultHealthPort: 9106, defaultConcurrency: 2 });
