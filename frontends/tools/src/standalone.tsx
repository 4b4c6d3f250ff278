import { QueryClient, QueryClientProvider } from '@mediakit/web-shared/query';
import { BrowserRouter, Route, Routes } from '@mediakit/web-shared/router';
import { createStandaloneHost } from '@mediakit/web-ui/standalone-host';
import { createRoot } from 'react-dom/client';
import { ToastContainer } from 'react-toastify';
import '@mediakit/web-ui/styles.css';
import { routes } from './routes.tsx';

// This remote on its own (development): its pages at their usual paths, without the shell.
const host = createStandaloneHost();
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <main className="container main">
          <Routes>
            {Object.entries(routes).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page host={host} />} />
            ))}
            <Route path="*" element={<Page404 />} />
          </Routes>
        </main>
        <ToastContainer position="bottom-right" limit={20} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

function Page404() {
  return <p>Not a page of this remote. Try {Object.keys(routes).join(', ')}.</p>;
}
