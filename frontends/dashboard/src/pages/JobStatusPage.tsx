import type { FileLinks } from '@mediakit/web-api/download-links';
import { ApiRequestError } from '@mediakit/web-api/errors';
import type { Tool } from '@mediakit/web-api/types';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import { FileAudioPlayer } from '@mediakit/web-ui/AudioPlayer';
import { CACHE_TAGS, type RemotePageProps, type ShellHost } from '@mediakit/web-ui/contract';
import { formatBytes } from '@mediakit/web-ui/format';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useEffect, useRef, useState } from 'react';
import { invalidate, keys } from '../api/cache-tags.ts';
import { JOB_STATUSES, type Job, type MediaFile, type Page } from '../api/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { DeliveryLog } from '../components/DeliveryLog.tsx';
import { useNow, useSearchParam } from '../components/hooks.ts';
import { JobStatusBadge } from '../components/JobStatusBadge.tsx';
import { EmptyState, LoadError } from '../components/PageStates.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { formatDateTime, formatDuration, timeLeft } from '../lib/time.ts';

/** While any job shown is queued or running, the list is asked again this often. */
const LIVE_INTERVAL_MS = 1500;
const ACTIVE = new Set(['queued', 'running']);

/**
 * `/dashboard/job-status`: the user's jobs, live. The Jobs tag is polled while a job is under way;
 * when a job changes state, Stats and Files are marked stale too (its outputs appear, counts move).
 */
export function JobStatusPage({ host }: RemotePageProps) {
  const { api } = host;
  const queryClient = useQueryClient();
  const [status, setStatus] = useSearchParam('status');
  const filter = (JOB_STATUSES as readonly string[]).includes(status) ? status : '';
  const tools = useQuery({ queryKey: keys.tools(), queryFn: () => api.get<{ tools: Tool[] }>('/tools') });
  const titleOf = (tool: string) => tools.data?.tools.find((t) => t.name === tool)?.title ?? tool;

  const jobs = useInfiniteQuery({
    queryKey: keys.jobs(filter),
    queryFn: ({ pageParam }) =>
      api.get<Page<Job>>('/jobs', { query: { status: filter || undefined, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((j) => ACTIVE.has(j.status)))
        ? LIVE_INTERVAL_MS
        : false,
  });
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];

  // A job that changed state since the last look: its outputs and the counts changed too.
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    let changed = false;
    for (const job of items) {
      const before = seen.current.get(job.id);
      if (before !== undefined && before !== job.status) changed = true;
      seen.current.set(job.id, job.status);
    }
    if (changed) {
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.stats] });
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.files] });
    }
  });

  const act = useMutation({
    mutationFn: async ({ job, action }: { job: Job; action: 'cancel' | 'retry' | 'delete' }) => {
      if (action === 'delete') await api.delete(`/jobs/${encodeURIComponent(job.id)}`);
      else await api.post<Job>(`/jobs/${encodeURIComponent(job.id)}/${action}`);
    },
    onSuccess: (_result, { action }) => {
      host.notify.success(
        action === 'cancel' ? 'Job canceled.' : action === 'retry' ? 'Job queued again.' : 'Job deleted.',
      );
      return invalidate(queryClient, 'jobChanged');
    },
  });
  const [toDelete, setToDelete] = useState<Job>();

  return (
    <>
      <h1>Job status</h1>
      <p className="lead">Follow your jobs as they run, and download what they made before it expires.</p>
      <div className="toolbar">
        <label htmlFor="job-filter">Show</label>
        <select id="job-filter" value={filter} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All jobs</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
        {jobs.isFetching && !jobs.isLoading && (
          <span className="meta" aria-hidden="true">
            updating…
          </span>
        )}
      </div>

      {jobs.isError && !jobs.data ? (
        <LoadError what="Your jobs" error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : !jobs.data ? (
        <Skeleton label="Loading your jobs" lines={6} />
      ) : items.length === 0 ? (
        <EmptyState title={filter ? `No ${filter} jobs.` : 'No jobs yet.'}>
          <p>
            {filter ? (
              <button type="button" className="button" onClick={() => setStatus('')}>
                Show all jobs
              </button>
            ) : (
              <>
                Run any <Link to="/dashboard/tools">tool</Link>: its job shows up here, live.
              </>
            )}
          </p>
        </EmptyState>
      ) : (
        <ul className="job-list" aria-label="Jobs">
          {items.map((job) => (
            <JobCard
              key={job.id}
              host={host}
              job={job}
              title={titleOf(job.tool)}
              links={host.links}
              busy={act.isPending && act.variables?.job.id === job.id}
              onAction={(action) => (action === 'delete' ? setToDelete(job) : act.mutate({ job, action }))}
              onDetails={() =>
                host.showError(
                  new ApiRequestError(job.error?.message || job.error?.error_msg || 'The job failed.', {
                    log: job.error?.error_log,
                  }),
                )
              }
              onDownloadError={(error) => host.showError(error)}
            />
          ))}
        </ul>
      )}
      {jobs.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={jobs.isFetchingNextPage}
          onClick={() => void jobs.fetchNextPage()}
        >
          {jobs.isFetchingNextPage ? 'Loading…' : 'Show older jobs'}
        </button>
      )}

      <ConfirmDialog
        open={toDelete !== undefined}
        title="Delete this job?"
        confirmLabel="Delete job"
        danger
        busy={act.isPending}
        onCancel={() => setToDelete(undefined)}
        onConfirm={() => {
          if (toDelete)
            act.mutate({ job: toDelete, action: 'delete' }, { onSettled: () => setToDelete(undefined) });
        }}
      >
        <p>
          The job {toDelete ? `“${titleOf(toDelete.tool)}”` : ''} and every file it made are deleted for good.
          Your uploaded inputs stay.
        </p>
      </ConfirmDialog>
    </>
  );
}

function JobCard(props: {
  host: ShellHost;
  job: Job;
  title: string;
  links: FileLinks;
  busy: boolean;
  onAction: (action: 'cancel' | 'retry' | 'delete') => void;
  onDetails: () => void;
  onDownloadError: (error: unknown) => void;
}) {
  const { job } = props;
  const now = useNow();
  const left = timeLeft(job.expiresAt, now);
  const active = ACTIVE.has(job.status);
  const [downloading, setDownloading] = useState<string>();
  const download = async (file: MediaFile) => {
    setDownloading(file.id);
    try {
      await props.links.download(file);
    } catch (error) {
      props.onDownloadError(error);
    } finally {
      setDownloading(undefined);
    }
  };
  return (
    <li className="job" aria-label={`${props.title}, ${job.status}`}>
      <div className="job-head">
        <strong className="job-title">{props.title}</strong>
        <JobStatusBadge status={job.status} />
      </div>
      <p className="meta">
        Started {formatDateTime(job.startedAt ?? job.createdAt)}
        {job.finishedAt ? ` · finished ${formatDateTime(job.finishedAt)}` : ''}
      </p>
      {job.status === 'running' && <ProgressBar value={job.progress} label={`${props.title} progress`} />}
      {job.status === 'queued' && (
        <p className="queue">
          {job.queuePosition
            ? `Waiting in the queue: position ${job.queuePosition}.`
            : 'Waiting in the queue.'}
        </p>
      )}
      {job.status === 'failed' && (
        <p className="job-error">
          {job.error?.message ?? 'The job failed.'}{' '}
          {job.error?.error_log && (
            <button type="button" className="link-button" onClick={props.onDetails}>
              Details
            </button>
          )}
        </p>
      )}
      {job.status === 'succeeded' &&
        job.notes?.map((note) => (
          <p key={note} className="job-note">
            {note}
          </p>
        ))}
      {job.status === 'succeeded' && job.outputs.length > 0 && (
        <>
          <ul className="outputs" aria-label="Outputs">
            {job.outputs.map((file) => (
              <li key={file.id}>
                <span className="output-name">{file.name}</span>
                <span className="meta">
                  {formatBytes(file.size)}
                  {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
                  {file.duration ? ` · ${formatDuration(file.duration)}` : ''}
                </span>
                <button
                  type="button"
                  className="button small"
                  disabled={downloading === file.id || left.expired}
                  onClick={() => void download(file)}
                  aria-label={`Download ${file.name}`}
                >
                  {downloading === file.id ? 'Downloading…' : 'Download'}
                </button>
                {file.media === 'audio' && !left.expired && (
                  <FileAudioPlayer links={props.links} file={file} preload="none" />
                )}
              </li>
            ))}
          </ul>
          {job.archive && (
            <button
              type="button"
              className="button"
              disabled={downloading === job.archive.id || left.expired}
              onClick={() => job.archive && void download(job.archive)}
            >
              {downloading === job.archive.id
                ? 'Downloading…'
                : `Download all as ZIP (${formatBytes(job.archive.size)})`}
            </button>
          )}
          <p className={`expiry${left.soon ? ' soon' : ''}`}>
            {left.expired
              ? 'These files have expired.'
              : `Files deleted in ${left.text.replace(/ left$/, '')}.`}
          </p>
        </>
      )}
      {job.webhookUrl && !active && <JobDeliveries host={props.host} job={job} />}
      <div className="button-row">
        {active && (
          <button
            type="button"
            className="button"
            disabled={props.busy}
            onClick={() => props.onAction('cancel')}
          >
            Cancel
          </button>
        )}
        {(job.status === 'failed' || job.status === 'canceled') && (
          <button
            type="button"
            className="button"
            disabled={props.busy}
            onClick={() => props.onAction('retry')}
          >
            Retry
          </button>
        )}
        <button
          type="button"
          className="button ghost danger-text"
          disabled={props.busy}
          onClick={() => props.onAction('delete')}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/**
 * A finished job with a webhookUrl: its delivery log, folded away. It lists the account's endpoints'
 * deliveries of this job too, each with its URL.
 */
function JobDeliveries({ host, job }: { host: ShellHost; job: Job }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="job-webhook" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Webhooks of this job</summary>
      {open && (
        <DeliveryLog
          host={host}
          path={`/jobs/${encodeURIComponent(job.id)}/deliveries`}
          label={`Webhook deliveries of ${job.id}`}
          showUrl
        />
      )}
    </details>
  );
}
