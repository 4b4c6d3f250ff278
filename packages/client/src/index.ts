export type { components, paths } from './api-types.ts';
export {
  DEFAULT_URL,
  type Job,
  Mediakit,
  type MediakitFile,
  type MediakitOptions,
  type Tool,
  unwrap,
} from './client.ts';
export { type FieldIssue, MediakitError } from './errors.ts';
export { isFinal, type JobProgress, type RunOptions, type WaitOptions } from './jobs.ts';
export type { UploadOptions } from './uploads.ts';
