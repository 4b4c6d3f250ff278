import { lazyPage } from '@mediakit/web-ui/lazy-page';

// The sections but the overview, which `/dashboard` opens on and stays in the remote's first load.
export const ApiKeysPage = lazyPage(() => import('./ApiKeysPage.tsx').then((m) => m.ApiKeysPage));
export const ArticleEditorPage = lazyPage(() =>
  import('./ArticleEditorPage.tsx').then((m) => m.ArticleEditorPage),
);
export const BlogAdminPage = lazyPage(() => import('./BlogAdminPage.tsx').then((m) => m.BlogAdminPage));
export const DashboardToolsPage = lazyPage(() =>
  import('./DashboardToolsPage.tsx').then((m) => m.DashboardToolsPage),
);
export const JobStatusPage = lazyPage(() => import('./JobStatusPage.tsx').then((m) => m.JobStatusPage));
export const PlanPage = lazyPage(() => import('./PlanPage.tsx').then((m) => m.PlanPage));
export const SupportPage = lazyPage(() => import('./SupportPage.tsx').then((m) => m.SupportPage));
export const UploadedFilesPage = lazyPage(() =>
  import('./UploadedFilesPage.tsx').then((m) => m.UploadedFilesPage),
);
export const WebhooksPage = lazyPage(() => import('./WebhooksPage.tsx').then((m) => m.WebhooksPage));
