import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/**
 * The origins browsers may use Mediakit at: where sign-in works, what may become an OpenID
 * issuer, a redirect target or a link in an email.
 *
 * - PUBLIC_URL set (production, Kubernetes): that one origin, nothing else.
 * - PUBLIC_URL unset (`npm start` on a laptop or a home server): `http://localhost:<port>`,
 *   `http://127.0.0.1:<port>` and `http://<address>:<port>` for each IPv4 address of this
 *   machine's own network interfaces, at the gateway's port. Never whatever Host a request sends:
 *   a forged Host is simply not in the set.
 *
 * The gateway and the auth service both build this from the same values (PUBLIC_URL and the
 * gateway's port), so they agree on the set without talking to each other.
 */
export interface PublicOrigins {
  /** PUBLIC_URL when set; otherwise `http://localhost:<port>`. The app session's tokens name its issuer. */
  readonly canonical: string;
  /** True when PUBLIC_URL fixes the one origin. */
  readonly fixed: boolean;
  /** Whether browsers may sign in at this origin (`scheme://host[:port]`). */
  allows(origin: string): boolean;
  /**
   * The origin to serve a request with: with PUBLIC_URL, always that one; without, the origin of
   * the request's scheme and Host header when it is allowed, else undefined.
   */
  forRequest(protocol: string, host: string | undefined): string | undefined;
  /** Whether `issuer` is `<allowed origin>/oidc` (the built-in provider of that origin). */
  allowsIssuer(issuer: string): boolean;
  /** Every allowed origin now, canonical first. */
  list(): string[];
}

export interface PublicOriginsOptions {
  /** PUBLIC_URL, or undefined for the local set. */
  publicUrl: string | undefined;
  /** The gateway's port (PORT): the port of every origin of the local set. */
  port: number;
  /** This machine's interfaces (os.networkInterfaces; tests pass their own). */
  interfaces?: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  /** Clock of the interface cache, in epoch milliseconds (tests). */
  now?: () => number;
}

/** The names every browser on this machine reaches it by. (`[::1]` is left out: the gateway listens on IPv4.) */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];
/** Addresses can change (a laptop joins another network); read them again at most this often. */
const INTERFACE_CACHE_MS = 5_000;
/** A Host header: a DNS name or an IPv4 address, or an IPv6 literal in brackets, and an optional port. */
const HOST_HEADER = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function publicOrigins(options: PublicOriginsOptions): PublicOrigins {
  if (options.publicUrl !== undefined) return fixedOrigin(originOf(options.publicUrl));
  return localOrigins(options);
}

function fixedOrigin(origin: string): PublicOrigins {
  return {
    canonical: origin,
    fixed: true,
    allows: (candidate) => candidate === origin,
    forRequest: () => origin,
    allowsIssuer: (issuer) => issuer === `${origin}/oidc`,
    list: () => [origin],
  };
}

function localOrigins(options: PublicOriginsOptions): PublicOrigins {
  const { port } = options;
  const interfaces = options.interfaces ?? networkInterfaces;
  const now = options.now ?? Date.now;
  const at = (host: string) => originOf(`http://${host}:${port}`);
  const canonical = at('localhost');
  const loopback = LOOPBACK_HOSTS.map(at);
  let cached: { at: number; origins: Set<string> } | undefined;

  const current = (): Set<string> => {
    if (cached && now() - cached.at < INTERFACE_CACHE_MS) return cached.origins;
    const origins = new Set(loopback);
    for (const address of ownIPv4Addresses(interfaces())) origins.add(at(address));
    cached = { at: now(), origins };
    return origins;
  };
  const allows = (origin: string) => current().has(origin);

  return {
    canonical,
    fixed: false,
    allows,
    forRequest(protocol, host) {
      if (!host || !HOST_HEADER.test(host) || (protocol !== 'http' && protocol !== 'https')) return undefined;
      let origin: string;
      try {
        origin = originOf(`${protocol}://${host}`);
      } catch {
        return undefined;
      }
      return allows(origin) ? origin : undefined;
    },
    allowsIssuer: (issuer) => issuer.endsWith('/oidc') && allows(issuer.slice(0, -'/oidc'.length)),
    list: () => [...current()],
  };
}

/** IPv4 addresses of the machine's own interfaces that other machines can reach (not loopback). */
export function ownIPv4Addresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const addresses: string[] = [];
  for (const infos of Object.values(interfaces)) {
    for (const info of infos ?? []) {
      if (info.family === 'IPv4' && !info.internal) addresses.push(info.address);
    }
  }
  return addresses;
}

/** `scheme://host[:port]` of a URL, as browsers write it (lower-case host, no default port). */
function originOf(url: string): string {
  return new URL(url).origin;
}
