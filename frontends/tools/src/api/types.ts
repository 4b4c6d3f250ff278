/** Response shapes of the files and jobs routes this remote uses (docs/api.md "Files", "Jobs"). */
import type { JobStatus } from '@mediakit/web-api/types';

export {
  type Job,
  type JobStatus,
  type MediaFile as FileInfo,
  TERMINAL_STATUSES,
} from '@mediakit/web-api/types';

/** The `progress` event of GET /jobs/{id}/events. */
export interface JobProgress {
  status: JobStatus;
  progress: number;
  queuePosition?: number;
}
