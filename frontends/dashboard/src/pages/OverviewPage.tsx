import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import type { Plan, Tool } from '../../../shell/src/api/types.ts';
import type { RemotePageProps } from '../../../shell/src/federation/contract.ts';
import { PAGE_META, toolPath } from '../../../shell/src/pages/page-meta.ts';
import { formatBytes, formatHours } from '../../../shell/src/ui/format.ts';
import { Skeleton } from '../../../shell/src/ui/Skeleton.tsx';
import { useDocumentTitle } from '../../../shell/src/ui/use-document-title.ts';
import { keys } from '../api/cache-tags.ts';
import type { Job, Page, Stats } from '../api/types.ts';
import { JobStatusBadge } from '../components/JobStatusBadge.tsx';
import { EmptyState, LoadError } from '../components/PageStates.tsx';
import { mostUsedTools } from '../lib/most-used.ts';
import { formatDateTime } from '../lib/time.ts';

const STATUS_ORDER = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

/** `/dashboard`: jobs by status, storage against the plan, recent jobs, quick links. */
export function OverviewPage({ host }: RemotePageProps) {
  useDocumentTitle(PAGE_META['/dashboard'].title);
  const { api } = host;
  const stats = useQuery({ queryKey: keys.stats(), queryFn: () => api.get<Stats>('/stats'), staleTime: 0 });
  const plans = useQuery({ queryKey: keys.plans(), queryFn: () => api.get<{ plans: Plan[] }>('/plans') });
  const recent = useQuery({
    queryKey: [...keys.jobs(''), 'recent'],
    queryFn: () => api.get<Page<Job>>('/jobs', { query: { limit: 50 } }),
    staleTime: 0,
  });
  const tools = useQuery({ queryKey: keys.tools(), queryFn: () => api.get<{ tools: Tool[] }>('/tools') });
  const plan = plans.data?.plans.find((p) => p.id === stats.data?.plan);
  const name = host.session.user?.name || host.session.user?.email;
  const titleOf = (tool: string) => tools.data?.tools.find((t) => t.name === tool)?.title ?? tool;
  const greeting = (
    <>
      <h1>Dashboard</h1>
      <p className="lead">{name ? `Welcome back, ${name}.` : 'Welcome back.'}</p>
    </>
  );
  // The sections are stacked and each one's height depends on its answer: filled in one by one,
  // every section that grew pushed the ones below it down (Lighthouse CLS 0.2 on a phone). One
  // placeholder until every answer is in (or failed), then the whole page at once, moves nothing.
  if ([stats, plans, recent, tools].some((query) => query.isPending)) {
    return (
      <>
        {greeting}
        <Skeleton label="Loading your dashboard" lines={12} />
      </>
    );
  }

  return (
    <>
      {greeting}

      <section aria-labelledby="overview-jobs">
        <h2 id="overview-jobs">Jobs</h2>
        {!stats.data ? (
          <LoadError what="Your numbers" error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <ul className="stat-grid">
            <li className="stat">
              <span className="stat-value">{stats.data.jobs.total}</span>
              <span className="stat-label">all jobs</span>
            </li>
            {STATUS_ORDER.map((key) => (
              <li key={key} className="stat">
                <Link className="stat-link" to={`/dashboard/job-status?status=${key}`}>
                  <span className="stat-value">{stats.data.jobs[key]}</span>
                  <span className="stat-label">{key}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="overview-storage">
        <h2 id="overview-storage">Storage and plan</h2>
        {stats.data && (
          <ul className="stat-grid">
            <li className="stat">
              <span className="stat-value">{formatBytes(stats.data.files.bytes)}</span>
              <span className="stat-label">
                storage used by {stats.data.files.count} file{stats.data.files.count === 1 ? '' : 's'}
              </span>
            </li>
            <li className="stat">
              <span className="stat-value">{plan?.name ?? stats.data.plan}</span>
              <span className="stat-label">
                {plan
                  ? `plan: files up to ${formatBytes(plan.limits.maxFileBytes)}, kept ${formatHours(plan.limits.retentionHours)}, ${plan.limits.concurrentJobs} job${plan.limits.concurrentJobs === 1 ? '' : 's'} at once`
                  : 'plan'}
              </span>
              <Link to="/dashboard/pricing">Manage plan</Link>
            </li>
          </ul>
        )}
      </section>

      <section aria-labelledby="overview-recent">
        <h2 id="overview-recent">Recent jobs</h2>
        {!recent.data ? (
          <LoadError what="Your recent jobs" error={recent.error} onRetry={() => void recent.refetch()} />
        ) : recent.data.items.length === 0 ? (
          <EmptyState title="No jobs yet.">
            <p>
              Pick a tool below or from <Link to="/dashboard/tools">all tools</Link>; your jobs show up here.
            </p>
          </EmptyState>
        ) : (
          <>
            <ul className="row-list">
              {recent.data.items.slice(0, 5).map((job) => (
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
        )}
      </section>

      <section aria-labelledby="overview-quick">
        <h2 id="overview-quick">Quick links</h2>
        <ul className="card-grid quick-links">
          {mostUsedTools(recent.data?.items ?? []).map((name) => {
            const tool = tools.data?.tools.find((t) => t.name === name);
            return (
              <li key={name}>
                <Link className="card" to={toolPath(tool ?? { kind: 'tool', name })}>
                  <span className="card-title">{tool?.title ?? name}</span>
                  {tool && <span className="card-text">{tool.description}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
