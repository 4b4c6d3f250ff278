import { createHash } from 'node:crypto';

/**
 * The one stylesheet of the provider's pages, served at /oidc/assets/mediakit.css. External (not
 * inline) so the pages need no `style-src 'unsafe-inline'`. A clean neutral look with the app's
 * accent; focus is always visible; colours meet WCAG AA contrast on white.
 */
export const STYLESHEET_PATH = '/oidc/assets/mediakit.css';

export const STYLESHEET = `:root {
  --accent: #4338ca;
  --accent-dark: #3730a3;
  --text: #1f2937;
  --muted: #4b5563;
  --border: #d1d5db;
  --error: #b91c1c;
  --error-bg: #fef2f2;
  --bg: #f3f4f6;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; font-size: 100%; line-height: 1.5; color: var(--text); background: var(--bg); }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; align-items: center; padding: 1.5rem 1rem; }
.brand { margin-bottom: 1.5rem; }
.brand a { font-size: 1.5rem; font-weight: 700; color: var(--accent); text-decoration: none; }
.card { width: 100%; max-width: 26rem; background: #fff; border: 1px solid var(--border); border-radius: 0.75rem; padding: 2rem 1.75rem; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08); }
h1 { font-size: 1.5rem; margin: 0 0 1.25rem; }
p { margin: 0 0 1rem; }
.field { margin-bottom: 1.1rem; }
label { display: block; font-weight: 600; margin-bottom: 0.35rem; }
.hint { color: var(--muted); font-size: 0.875rem; margin: -0.15rem 0 0.35rem; }
input[type="email"], input[type="password"], input[type="text"] { width: 100%; font: inherit; padding: 0.6rem 0.75rem; border: 1px solid #6b7280; border-radius: 0.5rem; background: #fff; color: var(--text); }
.field-invalid input { border-color: var(--error); border-width: 2px; }
.field-error { color: var(--error); font-size: 0.9rem; margin: 0.35rem 0 0; font-weight: 500; }
button { font: inherit; font-weight: 600; width: 100%; padding: 0.7rem 1rem; border: 0; border-radius: 0.5rem; background: var(--accent); color: #fff; cursor: pointer; }
button:hover { background: var(--accent-dark); }
button.secondary { background: #fff; color: var(--accent); border: 1px solid var(--accent); }
.actions { display: grid; gap: 0.75rem; }
a { color: var(--accent); }
a:hover { color: var(--accent-dark); }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 1px; }
.links { margin: 1rem 0 0; text-align: center; color: var(--muted); }
.notice { background: #ecfdf5; border: 1px solid #047857; color: #065f46; border-radius: 0.5rem; padding: 0.75rem 1rem; }
.error-summary { background: var(--error-bg); border: 1px solid var(--error); color: var(--error); border-radius: 0.5rem; padding: 0.75rem 1rem; margin-bottom: 1.25rem; }
.error-summary p { margin: 0; font-weight: 600; }
.error-summary ul { margin: 0.5rem 0 0; padding-left: 1.25rem; }
@media (prefers-reduced-motion: no-preference) { button { transition: background-color 0.15s; } }
`;

/** Strong validator for caching: the stylesheet changes only with a deploy. */
export const STYLESHEET_ETAG = `"${createHash('sha256').update(STYLESHEET).digest('base64url').slice(0, 16)}"`;
