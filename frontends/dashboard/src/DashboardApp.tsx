import { NavLink, Route, Routes } from 'react-router';
import type { RemotePageProps } from '../../shell/src/federation/contract.ts';
import { NOT_FOUND_TEXT, PAGE_META } from '../../shell/src/pages/page-meta.ts';
import { OverviewPage } from './pages/OverviewPage.tsx';
import { SectionPage } from './pages/SectionPage.tsx';

/** The dashboard's sections (spec section 2), relative to /dashboard. */
export const SECTIONS = [
  { path: 'job-status', label: 'Jobs' },
  { path: 'uploaded-files', label: 'Uploaded files' },
  { path: 'tools', label: 'Tools' },
  { path: 'pricing', label: 'Plan' },
  { path: 'contact-us', label: 'Support' },
  { path: 'blogs', label: 'Blog' },
] as const;

export function DashboardApp({ host }: RemotePageProps) {
  return (
    <div className="dashboard">
      <nav aria-label="Dashboard" className="main-nav dashboard-nav">
        <ul>
          <li>
            <NavLink to="/dashboard" end>
              Overview
            </NavLink>
          </li>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <NavLink to={`/dashboard/${s.path}`}>{s.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<OverviewPage host={host} />} />
        {[...SECTIONS.map((s) => s.path), 'blog'].map((path) => (
          <Route key={path} path={path} element={<SectionPage path={`/dashboard/${path}`} />} />
        ))}
        <Route
          path="*"
          element={
            <section className="panel not-found">
              <h1>{NOT_FOUND_TEXT.title}</h1>
              <p>{NOT_FOUND_TEXT.message}</p>
            </section>
          }
        />
      </Routes>
    </div>
  );
}

export const titleOf = (path: string) =>
  (PAGE_META as Record<string, { title: string; description: string }>)[path];
