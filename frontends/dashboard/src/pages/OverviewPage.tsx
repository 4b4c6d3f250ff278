import { toolPath } from '@mediakit/page-meta/page-meta';
import type { Job, Plan, Stats, Tool } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import { CatalogCard } from '@mediakit/web-ui/CatalogGroups';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import { formatBytes, formatHours } from '@mediakit/web-ui/format';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useDeferredValue } from 'react';
import { overviewQueries } from '../api/overview-queries.ts';
import { JobStatusBadge } from '../components/JobStatusBadge.tsx';
import { EmptyState, LoadError } from '../components/PageStates.tsx';
import { mostUsedTools } from '../lib/most-used.ts';
import { formatDateTime } from '../lib/time.ts';

const STATUS_ORDER = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

/** `/dashboard`: jobs by status, storage against the plan, recent jobs, quick links. */
export function OverviewPage({ host }: RemotePageProps) {
  const queries = overviewQueries(host.api);
  const stats = useQuery(queries.stats);
  const plans = useQuery(queries.plans);
  const recent = useQuery(queries.recent);
  const tools = useQuery(queries.tools);
  const name = host.session.user?.name || host.session.user?.email;
  // The sections are stacked and each one's height depends on its answers: filled in one by one,
  // every section that grew would push the ones below it down (layout shift). So the
  // page draws at once what has a fixed size (the greeting, the job counts with placeholders, the
  // next heading) and everything below them in one go once every answer is in (or failed):
  // nothing drawn ever moves.
  const pending = [stats, plans, recent, tools].some((query) => query.isPending);
  // The lower sections render in a second, interruptible pass even when the answers are already
  // in (a revisit, from the cache): the first paint comes sooner and a slow phone's main thread is
  // never blocked by the whole page at once.
  const settled = useDeferredValue(!pending, false);
  const catalog = tools.data?.tools ?? [];

  return (
    <>
      <h1>Dashboard</h1>
      <p className="lead">{name ? `Welcome back, ${name}.` : 'Welcome back.'}</p>

      <section aria-labelledby="overview-jobs" aria-busy={stats.isPending}>
        <h2 id="overview-jobs">Jobs</h2>
        {stats.isError && !stats.data ? (
          <LoadError what="Your numbers" error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <JobCounts counts={stats.data?.jobs} />
        )}
      </section>

      <section aria-labelledby="overview-storage" aria-busy={!settled}>
        <h2 id="overview-storage">Storage and plan</h2>
        {!settled ? (
          <Skeleton label="Loading your dashboard" lines={10} />
        ) : stats.data ? (
          <StorageAndPlan stats={stats.data} plans={plans.data?.plans ?? []} />
        ) : (
          // The numbers failed: the Jobs section above says so and offers Try again.
          <p className="meta">Your storage and plan show here once your numbers load (Try again above).</p>
        )}
      </section>

      {settled && (
        <>
          <section aria-labelledby="overview-recent">
            <h2 id="overview-recent">Recent jobs</h2>
            {!recent.data ? (
              <LoadError what="Your recent jobs" error={recent.error} onRetry={() => void recent.refetch()} />
            ) : (
              <RecentJobs jobs={recent.data.items} catalog={catalog} />
            )}
          </section>

          <section aria-labelledby="overview-quick">
            <h2 id="overview-quick">Quick links</h2>
            <QuickLinks jobs={recent.data?.items ?? []} catalog={catalog} />
          </section>
        </>
      )}
    </>
  );
}

/** All jobs and each status, a link to that status's list; a dash until the numbers are in. */
function JobCounts({ counts }: { counts: Stats['jobs'] | undefined }) {
  const value = (key: keyof Stats['jobs']) => counts?.[key] ?? '–';
  return (
    <ul className="stat-grid">
      <li className="stat">
        <span className="stat-value">{value('total')}</span>
        <span className="stat-label">all jobs</span>
      </li>
      {STATUS_ORDER.map((key) => (
        <li key={key} className="stat">
          <Link className="stat-link" to={`/dashboard/job-status?status=${key}`}>
            <span className="stat-value">{value(key)}</span>
            <span className="stat-label">{key}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function StorageAndPlan({ stats, plans }: { stats: Stats; plans: Plan[] }) {
  const plan = plans.find((p) => p.id === stats.plan);
  return (
    <ul className="stat-grid">
      <li className="stat">
        <span className="stat-value">{formatBytes(stats.files.bytes)}</span>
        <span className="stat-label">
          storage used by {stats.files.count} file{stats.files.count === 1 ? '' : 's'}
        </span>
      </li>
      <li className="stat">
        <span className="stat-value">{plan?.name ?? stats.plan}</span>
        <span className="stat-label">
          {plan
            ? `plan: files up to ${formatBytes(plan.limits.maxFileBytes)}, kept ${formatHours(plan.limits.retentionHours)}, ${plan.limits.concurrentJobs} job${plan.limits.concurrentJobs === 1 ? '' : 's'} at once`
            : 'plan'}
        </span>
        {/* Its own paragraph: a line of its own below the limits, in print and for screen readers. */}
        <p className="stat-action">
          <Link to="/dashboard/pricing">Manage plan</Link>
        </p>
      </li>
    </ul>
  );
}

function RecentJobs({ jobs, catalog }: { jobs: Job[]; catalog: Tool[] }) {
  if (jobs.length === 0) {
    return (
      <EmptyState title="No jobs yet.">
        <p>
          Pick a tool below or from <Link to="/dashboard/tools">all tools</Link>; your jobs show up here.
        </p>
      </EmptyState>
    );
  }
  const titleOf = (tool: string) => catalog.find((t) => t.name === tool)?.title ?? tool;
  return (
    <>
      <ul className="row-list">
        {jobs.slice(0, 5).map((job) => (
          <li key={job.id} className="row">
            <span className="row-main">
              <strong>{titleOf(job.tool)}</strong>
              <span className="meta"> · {formatDateTime(job.createdAt)}</span>
            </span>
            <JobStatusBadge status={job.status} />
          </li>
        ))}
      </ul>
      <p>
        <Link to="/dashboard/job-status">All jobs</Link>
      </p>
    </>
  );
}

/** The tools used most in the recent jobs (or the popular ones for a new account). */
function QuickLinks({ jobs, catalog }: { jobs: Job[]; catalog: Tool[] }) {
  return (
    <ul className="card-grid quick-links">
      {mostUsedTools(jobs).map((name) => {
        const tool = catalog.find((t) => t.name === name);
        return (
          <li key={name}>
            {tool ? (
              <CatalogCard tool={tool} />
            ) : (
              <Link className="card" to={toolPath({ kind: 'tool', name })}>
                <span className="card-title">{name}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
