import { NOT_FOUND_TEXT } from '@mediakit/page-meta/brand';
import { Link } from '@mediakit/web-shared/router';
import type { PageHeadReport } from '@mediakit/web-ui/contract';
import { usePageHead } from '../head/use-page-head.ts';

const NOT_FOUND: PageHeadReport = { kind: 'not-found' };

/** Unknown paths, and an article that does not exist: the 404 page (and head: noindex, no canonical). */
export function NotFoundPage() {
  usePageHead(NOT_FOUND);
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
