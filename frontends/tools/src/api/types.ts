/** Response shapes of the files and jobs routes this remote uses (shared/API.md "Files", "Jobs"). */
import type { JobStatus } from '../../../shell/src/api/types.ts';

export {
  type Job,
  type JobStatus,
  type MediaFile as FileInfo,
  TERMINAL_STATUSES,
} from '../../../shell/src/api/types.ts';

/** The `progress` event of GET /jobs/{id}/events. */
export interface JobProgress {
  status: JobStatus;
  progress: number;
  queuePosition?: number;
}
