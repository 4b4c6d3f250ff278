export { writeZip } from './archive.ts';
export { throttleProgress } from './progress.ts';
export { startWorker } from './start.ts';
export type { JobInput, ToolContext, ToolHandler, ToolOutput } from './types.ts';
export { JobFailure } from './types.ts';
