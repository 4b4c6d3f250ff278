import { Link, useSearchParams } from '@mediakit/web-shared/router';
import { IconTile } from '@mediakit/web-ui/Icon';
import BadgeCheck from 'lucide/dist/esm/icons/badge-check.mjs';
import Gift from 'lucide/dist/esm/icons/gift.mjs';
import MousePointerClick from 'lucide/dist/esm/icons/mouse-pointer-click.mjs';
import ShieldCheck from 'lucide/dist/esm/icons/shield-check.mjs';
import Zap from 'lucide/dist/esm/icons/zap.mjs';
import { LazyLoginRoute } from '../session/LazyLoginRoute.tsx';
import { SearchForm } from '../ui/SearchForm.tsx';
import { HomeCatalog } from './HomeCatalog.tsx';
import './home.css';

/** Why to trust the product, in what the user gets (no engine names: they mean nothing to a visitor). */
const REASONS = [
  {
    icon: Gift,
    title: 'Free',
    text: 'Every tool and converter costs nothing. Paid plans only raise the limits.',
  },
  {
    icon: BadgeCheck,
    title: 'No watermark',
    text: 'What you download is your file: no logo, no banner, no trailing frame.',
  },
  {
    icon: MousePointerClick,
    title: 'No sign-up',
    text: 'Open a tool and drop a file. An account is only needed for the dashboard.',
  },
  {
    icon: ShieldCheck,
    title: 'Private',
    text: 'Files are encrypted, yours alone, and deleted automatically; each result says when.',
  },
  {
    icon: Zap,
    title: 'Fast',
    text: 'Converters skip re-encoding whenever they can: quicker, with nothing lost.',
  },
];

export function HomePage() {
  const [params] = useSearchParams();
  return (
    <>
      {params.get('login') === 'true' && <LazyLoginRoute />}
      <section className="hero home-hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Free video, audio and image tools, without a watermark</h1>
        <p className="lead">
          Trim, compress, crop and convert. No sign-up, and your files are deleted after processing.
        </p>
        {/* Search first: the page's first form control. */}
        <SearchForm
          action="/tools"
          label="Search the tools"
          placeholder="e.g. “compress video”"
          button="primary"
        />
        <p className="home-browse">
          Or <Link to="/tools">browse every tool and converter</Link>
        </p>
      </section>
      <HomeCatalog />
      <section aria-labelledby="why-title" className="home-reasons">
        <h2 id="why-title">Why Mediakit</h2>
        <ul className="home-reason-list">
          {REASONS.map(({ icon, title, text }) => (
            <li key={title} className="home-reason">
              <IconTile icon={icon} size={22} />
              <div>
                <h3>{title}</h3>
                <p>{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
