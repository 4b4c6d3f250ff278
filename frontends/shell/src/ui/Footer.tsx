import { Link } from '@mediakit/web-shared/router';

const GROUPS = [
  {
    label: 'Product',
    links: [
      { to: '/tools', label: 'Tools' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/blog', label: 'Blog' },
      // Served by the gateway, not the shell's router: a plain link loads it.
      { href: '/developers', label: 'Developers' },
    ],
  },
  {
    label: 'About',
    links: [
      { to: '/contact-us', label: 'Contact' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
    ],
  },
] as const;

/** On every page: what Mediakit is in a line, and the links people look for at the bottom of a site. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-about">
          <p className="footer-brand">
            <span className="brand-mark" aria-hidden="true">
              ▶
            </span>
            Mediakit
          </p>
          <p>Free video, audio and image tools. No watermark, and your files are deleted after processing.</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.label} className="footer-nav" aria-label={group.label}>
            {/* The nav's label says it to screen readers; no heading in every page's outline. */}
            <p className="footer-heading" aria-hidden="true">
              {group.label}
            </p>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  {'href' in link ? (
                    <a href={link.href}>{link.label}</a>
                  ) : (
                    <Link to={link.to}>{link.label}</Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </footer>
  );
}
