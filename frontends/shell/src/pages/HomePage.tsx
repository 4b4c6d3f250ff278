import { LoginRoute } from '../session/LoginRoute.tsx';
import { CatalogGroups } from '../ui/CatalogGroups.tsx';
import { SearchForm } from '../ui/SearchForm.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { PAGE_META } from './page-meta.ts';

const REASONS = [
  { title: 'Free', text: 'Every tool and converter costs nothing. Paid plans only raise the limits.' },
  { title: 'No watermark', text: 'What you download is your file: no logo, no banner, no trailing frame.' },
  { title: 'No sign-up', text: 'Open a tool and drop a file. An account is only needed for the dashboard.' },
  {
    title: 'Private',
    text: 'Your files are yours alone, and they are deleted when promised: one hour after upload without an account.',
  },
  {
    title: 'Fast',
    text: 'ffmpeg and libvips do the work; converters copy streams instead of re-encoding when they can.',
  },
];

export function HomePage() {
  useDocumentTitle(PAGE_META['/'].title);
  return (
    <>
      <LoginRoute />
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Edit and convert video and images, free and without a watermark</h1>
        <p className="lead">
          Trim, compress, resize, crop and convert in your browser. No sign-up, no watermark, and your files
          are deleted after processing.
        </p>
        <SearchForm
          action="/tools"
          label="Search the tools"
          placeholder="Search tools, e.g. “compress video”"
          button="primary"
        />
      </section>
      <section aria-labelledby="why-title" className="reasons">
        <h2 id="why-title">Why Mediakit</h2>
        <ul className="reason-grid">
          {REASONS.map((reason) => (
            <li key={reason.title} className="reason">
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="catalog-title">
        <h2 id="catalog-title">All tools</h2>
        <CatalogGroups />
      </section>
    </>
  );
}
