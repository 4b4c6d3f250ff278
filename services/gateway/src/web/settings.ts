/** How the gateway serves the web app (env.ts: WEB_ROOT, WEB_TOOLS_ROOT, WEB_DASHBOARD_ROOT, REMOTE_*_URL). */
export interface WebSettings {
  /** Origin users reach Mediakit at (PUBLIC_URL): canonical links, Open Graph, sitemap. */
  publicUrl: string;
  /** Built remotes served at /remotes/tools/ and /remotes/dashboard/, when present. */
  toolsRoot?: string;
  dashboardRoot?: string;
  /** Each remote's mf-manifest.json as the browser fetches it (absolute, or a path on this origin). */
  remotes: { tools: string; dashboard: string };
  /** Other origins the pages talk to (an external OpenID issuer): allowed in connect-src. */
  connectOrigins?: string[];
}

export const DEFAULT_REMOTE_URLS = {
  tools: '/remotes/tools/mf-manifest.json',
  dashboard: '/remotes/dashboard/mf-manifest.json',
} as const;
