import { startWorker } from '@mediakit/worker';
import { handlers } from './tools/index.ts';

// One job at a time per process by default: ffmpeg's libx264 already uses every core, and more
// replicas (not more concurrency) are how the transcoder scales.
await startWorker({ name: 'transcoder', handlers, defaultHealthPort: 9105, defaultConcurrency: 1 });
