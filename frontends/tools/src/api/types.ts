/** Response shapes of the files and jobs routes this remote uses (shared/API.md "Files", "Jobs"). */
export interface FileInfo {
  id: string;
  name: string;
  size: number;
  mime: string;
  media: 'video' | 'image' | 'audio' | 'archive';
  width?: number;
  height?: number;
  duration?: number;
  fps?: number;
  hasAudio?: boolean;
  source: 'upload' | 'output';
  jobId?: string;
  createdAt: string;
  expiresAt: string;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export interface Job {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  inputs: string[];
  params: Record<string, unknown>;
  outputs: FileInfo[];
  archive?: FileInfo;
  error?: { message: string; error_msg?: string; error_log?: string };
  queuePosition?: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  expiresAt: string;
}

/** The `progress` event of GET /jobs/{id}/events. */
export interface JobProgress {
  status: JobStatus;
  progress: number;
  queuePosition?: number;
}

export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed', 'canceled']);
