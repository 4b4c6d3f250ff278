import { useEffect } from 'react';
import { Link } from 'react-router';
import { titleOf } from '../DashboardApp.tsx';

/** A dashboard section whose full page is not built yet: its purpose, and where to go meanwhile. */
export function SectionPage({ path }: { path: string }) {
  const meta = titleOf(path);
  useEffect(() => {
    if (meta) document.title = meta.title;
  }, [meta]);
  const heading = meta?.title.replace(/ \| Mediakit$/, '') ?? 'Dashboard';
  return (
    <section className="panel">
      <h1>{heading}</h1>
      <p>{meta?.description}</p>
      <p>
        This section of the dashboard is on its way. Meanwhile the <Link to="/dashboard">overview</Link> shows
        your jobs and files, and every tool is on the <Link to="/tools">tools page</Link>.
      </p>
    </section>
  );
}
