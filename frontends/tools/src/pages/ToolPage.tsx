import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { isApiRequestError } from '../../../shell/src/api/errors.ts';
import type { Tool } from '../../../shell/src/api/types.ts';
import type { RemotePageProps } from '../../../shell/src/federation/contract.ts';
import { NOT_FOUND_TEXT, PAGE_META, withBrand } from '../../../shell/src/pages/page-meta.ts';
import { Skeleton } from '../../../shell/src/ui/Skeleton.tsx';
import { describeParams } from '../params-list.ts';

const mediaWord = (mime: string) => mime.split('/')[1]?.replace(/^x-/, '').toUpperCase() ?? mime;

/** `/tool/:name` and `/converter/:name`: what the entry does, what it takes and its settings. */
export function ToolPage({ host, kind }: RemotePageProps & { kind: 'tool' | 'converter' }) {
  const { name = '' } = useParams();
  const tool = useQuery({
    queryKey: ['tools', name],
    queryFn: () => host.api.get<Tool>(`/tools/${encodeURIComponent(name)}`),
    meta: { silent: true },
  });
  const missing =
    (isApiRequestError(tool.error) && tool.error.status === 404) || (tool.data && tool.data.kind !== kind);
  useEffect(() => {
    if (missing) document.title = PAGE_META['/404'].title;
    else if (tool.data) document.title = withBrand(tool.data.title);
  }, [missing, tool.data]);

  if (missing) {
    return (
      <section className="panel not-found" aria-labelledby="tool-missing">
        <h1 id="tool-missing">{NOT_FOUND_TEXT.title}</h1>
        <p>{NOT_FOUND_TEXT.message}</p>
        <p>
          <Link to="/" className="button primary">
            {NOT_FOUND_TEXT.link}
          </Link>
        </p>
      </section>
    );
  }
  if (tool.isError) {
    return (
      <p className="notice" role="alert">
        {tool.error.message}{' '}
        <button type="button" className="button" onClick={() => void tool.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!tool.data) return <Skeleton label="Loading the tool" lines={8} />;
  const t = tool.data;
  const params = describeParams(t.params);
  const inputs =
    t.inputs.min === t.inputs.max
      ? `${t.inputs.min} file${t.inputs.min === 1 ? '' : 's'}`
      : `${t.inputs.min} to ${t.inputs.max} files`;
  return (
    <article>
      <p>
        <Link to="/tools">← All tools</Link>
      </p>
      <h1>{t.title}</h1>
      <p className="lead">{t.description}</p>
      <section aria-labelledby="tool-inputs">
        <h2 id="tool-inputs">What it takes and gives</h2>
        <dl className="facts">
          <dt>Input</dt>
          <dd>
            {inputs}: {[...new Set(t.inputs.accept.map(mediaWord))].join(', ')}
          </dd>
          <dt>Output</dt>
          <dd>{t.output.formats.map((f) => f.toUpperCase()).join(', ')}, without a watermark</dd>
          <dt>Privacy</dt>
          <dd>Your files are deleted after processing: one hour after upload without an account.</dd>
        </dl>
      </section>
      <section aria-labelledby="tool-params">
        <h2 id="tool-params">Settings</h2>
        {params.length === 0 ? (
          <p>This tool has no settings: it does one thing well.</p>
        ) : (
          <ul className="params">
            {params.map((p) => (
              <li key={p.name}>
                <strong>{p.title}</strong>
                {!p.required && <span className="optional"> (optional)</span>}
                <br />
                <span className="meta">
                  {p.accepts}
                  {p.defaultValue !== undefined && `; default ${p.defaultValue}`}
                </span>
                {p.description && <p>{p.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
