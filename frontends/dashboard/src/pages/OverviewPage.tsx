import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RemotePageProps } from '../../../shell/src/federation/contract.ts';
import { PAGE_META } from '../../../shell/src/pages/page-meta.ts';
import { formatBytes } from '../../../shell/src/ui/format.ts';
import { Skeleton } from '../../../shell/src/ui/Skeleton.tsx';

/** `GET /stats` (API.md): the signed-in user's jobs by status, files and plan. */
interface Stats {
  jobs: {
    total: number;
    queued: number;
    running: number;
    succeeded: number;
    failed: number;
    canceled: number;
  };
  files: { count: number; bytes: number };
  plan: unknown;
}

const planName = (plan: unknown) =>
  typeof plan === 'string' ? plan : ((plan as { name?: string; id?: string } | null)?.name ?? '');

export function OverviewPage({ host }: RemotePageProps) {
  useEffect(() => {
    document.title = PAGE_META['/dashboard'].title;
  }, []);
  const stats = useQuery({ queryKey: ['stats'], queryFn: () => host.api.get<Stats>('/stats') });
  const name = host.session.user?.name || host.session.user?.email;
  return (
    <>
      <h1>Dashboard</h1>
      <p className="lead">{name ? `Welcome back, ${name}.` : 'Welcome back.'}</p>
      {!stats.data ? (
        <Skeleton label="Loading your numbers" lines={4} />
      ) : (
        <>
          <h2>Jobs</h2>
          <ul className="stat-grid">
            {(['total', 'queued', 'running', 'succeeded', 'failed', 'canceled'] as const).map((key) => (
              <li key={key} className="stat">
                <span className="stat-value">{stats.data.jobs[key]}</span>
                <span className="stat-label">{key === 'total' ? 'all jobs' : key}</span>
              </li>
            ))}
          </ul>
          <h2>Files and plan</h2>
          <ul className="stat-grid">
            <li className="stat">
              <span className="stat-value">{stats.data.files.count}</span>
              <span className="stat-label">files stored</span>
            </li>
            <li className="stat">
              <span className="stat-value">{formatBytes(stats.data.files.bytes)}</span>
              <span className="stat-label">storage used</span>
            </li>
            <li className="stat">
              <span className="stat-value">{planName(stats.data.plan) || '—'}</span>
              <span className="stat-label">plan</span>
            </li>
          </ul>
        </>
      )}
    </>
  );
}
