import { NOT_FOUND_TEXT } from '@mediakit/page-meta/page-meta';
import { NavLink, Route, Routes, useLocation } from '@mediakit/web-shared/router';
import type { RemotePage, RemotePageProps } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { Suspense } from 'react';
import './dashboard.css';
import { canEditBlog } from './lib/roles.ts';
import {
  ApiKeysPage,
  ArticleEditorPage,
  BlogAdminPage,
  DashboardToolsPage,
  JobStatusPage,
  PlanPage,
  SupportPage,
  UploadedFilesPage,
  WebhooksPage,
} from './pages/lazy-pages.ts';
import { OverviewPage } from './pages/OverviewPage.tsx';

/** The dashboard's sections (docs/api.md), relative to /dashboard, in the order of the menu. */
export const SECTIONS: {
  path: string;
  label: string;
  page: RemotePage;
  also?: string[];
  /** In the menu only for editors (the page itself still asks the server). */
  editorsOnly?: boolean;
}[] = [
  { path: 'job-status', label: 'Jobs', page: JobStatusPage },
  { path: 'uploaded-files', label: 'Uploaded files', page: UploadedFilesPage },
  { path: 'tools', label: 'Tools', page: DashboardToolsPage },
  { path: 'webhooks', label: 'Webhooks', page: WebhooksPage },
  { path: 'pricing', label: 'Plan', page: PlanPage },
  { path: 'contact-us', label: 'Support', page: SupportPage },
  { path: 'api-keys', label: 'API keys', page: ApiKeysPage },
  { path: 'blogs', label: 'Blog', page: BlogAdminPage, also: ['blog'], editorsOnly: true },
];

export function DashboardApp({ host }: RemotePageProps) {
  const { pathname } = useLocation();
  const editor = canEditBlog(host.session.user?.roles);
  const menu = SECTIONS.filter((s) => editor || !s.editorsOnly);
  return (
    <div className="dashboard">
      <nav aria-label="Dashboard" className="main-nav dashboard-nav">
        <ul>
          <li>
            <NavLink to="/dashboard" end>
              Overview
            </NavLink>
          </li>
          {menu.map((s) => (
            <li key={s.path}>
              <NavLink
                to={`/dashboard/${s.path}`}
                className={({ isActive }) =>
                  isActive || s.also?.some((p) => pathname === `/dashboard/${p}`) ? 'active' : ''
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dashboard-page">
        {/* A section opened directly waits for its chunk here, below the menu. */}
        <Suspense fallback={<Skeleton label="Loading the page" lines={6} />}>
          <Routes>
            <Route index element={<OverviewPage host={host} />} />
            {SECTIONS.map(({ path, page: Page }) => (
              <Route key={path} path={path} element={<Page host={host} />} />
            ))}
            <Route path="blog" element={<ArticleEditorPage host={host} />} />
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
        </Suspense>
      </div>
    </div>
  );
}
