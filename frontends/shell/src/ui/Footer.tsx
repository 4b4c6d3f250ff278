import { Link } from '@mediakit/web-shared/router';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <p>Mediakit: free, no watermark, your files deleted after processing.</p>
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/tools">All tools</Link>
            </li>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
