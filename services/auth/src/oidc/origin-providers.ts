import type { IncomingMessage } from 'node:http';
import type { PublicOrigins } from '@mediakit/kit';

/**
 * One built-in provider (with its pages and userinfo) per origin browsers may sign in at, built on
 * first use and kept. oidc-provider's issuer is fixed per instance and not meant to be dynamic, so
 * `npm start`, reachable at localhost, 127.0.0.1 and a LAN address, needs one per address.
 *
 * Which one a request gets comes from the host the gateway vouches for (X-Forwarded-Host/-Proto:
 * http-server.ts drops them from anyone else), checked against the allowed origins, never taken
 * as it is: a forged host gets no provider. With PUBLIC_URL set there is exactly one.
 */
export class OriginProviders<T> {
  private readonly built = new Map<string, T>();
  private readonly origins: PublicOrigins;
  private readonly build: (origin: string) => T;

  constructor(origins: PublicOrigins, build: (origin: string) => T) {
    this.origins = origins;
    this.build = build;
  }

  /** The origin a request is for, when browsers may sign in there; undefined otherwise. */
  originOf(req: IncomingMessage): string | undefined {
    const proto = firstValue(req.headers['x-forwarded-proto']) ?? 'http';
    const host = firstValue(req.headers['x-forwarded-host']) ?? firstValue(req.headers.host);
    return this.origins.forRequest(proto, host);
  }

  /** The provider of the request's origin, or undefined for a host that is not allowed. */
  forRequest(req: IncomingMessage): { origin: string; at: T } | undefined {
    const origin = this.originOf(req);
    return origin ? { origin, at: this.at(origin) } : undefined;
  }

  /** The provider of an allowed origin. */
  at(origin: string): T {
    if (!this.origins.allows(origin)) throw new Error(`${origin} is not an origin of this Mediakit`);
    let entry = this.built.get(origin);
    if (!entry) {
      entry = this.build(origin);
      this.built.set(origin, entry);
    }
    return entry;
  }
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.trim();
  return first || undefined;
}
