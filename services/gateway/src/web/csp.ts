/**
 * The pages' Content-Security-Policy with the origins they must reach besides their own: remotes
 * served from elsewhere (REMOTE_*_URL on another host: their scripts, styles and manifest) and an
 * external OpenID issuer (keycloak-js fetches its discovery document and token endpoint).
 */
export function extendCsp(
  policy: string,
  extra: { scriptOrigins: readonly string[]; connectOrigins: readonly string[] },
): string {
  if (extra.scriptOrigins.length === 0 && extra.connectOrigins.length === 0) return policy;
  const additions: Record<string, readonly string[]> = {
    'script-src': extra.scriptOrigins,
    'style-src': extra.scriptOrigins,
    'connect-src': [...extra.scriptOrigins, ...extra.connectOrigins],
  };
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const out = directives.map((directive) => {
    const [name, ...values] = directive.split(/\s+/);
    seen.add(name);
    const add = additions[name]?.filter((o) => !values.includes(o)) ?? [];
    return [name, ...values, ...add].join(' ');
  });
  for (const [name, origins] of Object.entries(additions)) {
    // A directive the policy lacks falls back to default-src 'self': spell it out with the additions.
    if (!seen.has(name) && origins.length > 0) out.push([name, "'self'", ...new Set(origins)].join(' '));
  }
  return out.join(';');
}

/** Origins of absolute URLs that differ from the app's own origin. */
export function foreignOrigins(urls: readonly (string | undefined)[], ownOrigin: string): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue;
    const origin = new URL(url).origin;
    if (origin !== ownOrigin) origins.add(origin);
  }
  return [...origins];
}
