export { startWorker } from './start.ts';
export { JobFailure } from './types.ts';
export type { JobInput, ToolContext, ToolHandler, ToolOutput } from './types.ts';
export { throttleProgress } from './progress.ts';
export { writeZip } from './archive.ts';
