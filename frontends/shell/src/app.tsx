import { QueryClientProvider } from '@mediakit/web-shared/query';
import { BrowserRouter, Route, Routes, useNavigate } from '@mediakit/web-shared/router';
import { REMOTE_MOUNTS } from '@mediakit/web-ui/contract';
import { useEffect } from 'react';
import { RemoteRoute } from './federation/RemoteRoute.tsx';
import {
  AccountPage,
  AuthCallbackPage,
  BlogArticlePage,
  BlogListPage,
  ContactPage,
  HomePage,
  NotFoundPage,
  PricingPage,
  PrivacyPage,
  TermsPage,
} from './pages/lazy-pages.ts';
import { RequireSignIn } from './session/RequireSignIn.tsx';
import type { Shell } from './shell.ts';
import { ShellContext } from './shell-context.tsx';
import { ErrorDialog } from './ui/ErrorDialog.tsx';
import { Layout } from './ui/Layout.tsx';
import { Toasts } from './ui/Toasts.tsx';

/** Lets code outside components (the API client's auth failure) navigate without a reload. */
function NavigationBridge({ shell }: { shell: Shell }) {
  const navigate = useNavigate();
  useEffect(() => {
    shell.navigate = (to) => navigate(to);
  }, [shell, navigate]);
  return null;
}

export function App({ shell }: { shell: Shell }) {
  return (
    <ShellContext.Provider value={shell}>
      <QueryClientProvider client={shell.queryClient}>
        <BrowserRouter>
          <NavigationBridge shell={shell} />
          <Routes>
            <Route element={<Layout />}>
              <Route index element={<HomePage />} />
              <Route path="pricing" element={<PricingPage />} />
              <Route path="blog" element={<BlogListPage />} />
              <Route path="blog/:slug" element={<BlogArticlePage />} />
              <Route path="contact-us" element={<ContactPage />} />
              <Route path="privacy" element={<PrivacyPage />} />
              <Route path="terms" element={<TermsPage />} />
              <Route
                path="account"
                element={
                  <RequireSignIn>
                    <AccountPage />
                  </RequireSignIn>
                }
              />
              <Route path="auth/callback" element={<AuthCallbackPage />} />
              {REMOTE_MOUNTS.tools.map((pattern) => (
                <Route
                  key={pattern}
                  path={pattern}
                  element={<RemoteRoute remote="tools" pattern={pattern} />}
                />
              ))}
              {REMOTE_MOUNTS.dashboard.map((pattern) => (
                <Route
                  key={pattern}
                  path={pattern}
                  element={
                    <RequireSignIn>
                      <RemoteRoute remote="dashboard" pattern={pattern} />
                    </RequireSignIn>
                  }
                />
              ))}
              <Route path="404" element={<NotFoundPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
          <ErrorDialog />
          <Toasts />
        </BrowserRouter>
      </QueryClientProvider>
    </ShellContext.Provider>
  );
}
