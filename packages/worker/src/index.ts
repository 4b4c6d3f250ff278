export { writeZip } from './archive.ts';
export {
  guardAllHandlers,
  type InputLimitsCheck,
  refuseInputsOverLimits,
} from './input-guard.ts';
export { throttleProgress } from './progress.ts';
export { startWorker } from './start.ts';
export type { JobInput, ToolContext, ToolHandler, ToolHandlers, ToolOutput } from './types.ts';
export { JobFailure } from './types.ts';
