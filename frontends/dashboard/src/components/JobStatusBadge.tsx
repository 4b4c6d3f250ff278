import type { JobStatus } from '../api/types.ts';

const LABEL: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <span className={`status status-${status}`}>{LABEL[status] ?? status}</span>;
}
