import { Link } from '@mediakit/web-shared/router';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { NOT_FOUND_TEXT, PAGE_META } from './page-meta.ts';

export function NotFoundPage() {
  useDocumentTitle(PAGE_META['/404'].title);
  return (
    <section className="panel not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{NOT_FOUND_TEXT.title}</h1>
      <p>{NOT_FOUND_TEXT.message}</p>
      <p>
        <Link to="/" className="button primary">
          {NOT_FOUND_TEXT.link}
        </Link>
      </p>
    </section>
  );
}
