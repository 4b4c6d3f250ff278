import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived download links: `GET /files/{id}/content?link=<token>` works without an
 * Authorization header for `ttlSeconds`. A signed-in user's browser cannot put a bearer token on an
 * `<img>`, `<video>` or `<a download>`, and fetching the bytes by script first holds the whole file
 * in memory; with a link the browser streams it (and a video player seeks with Range requests).
 *
 * The token is `<payload>.<mac>`: the payload names the owner and the expiry, the mac is an
 * HMAC-SHA256 over the file id and the payload under the gateway's secret, so a link opens that one
 * file of that owner until it expires, and nothing else. Nothing is stored. Every gateway replica
 * needs the same secret (DOWNLOAD_LINK_SECRET); without one each process draws its own, which is
 * fine for one gateway (links then end with a restart).
 */
export interface DownloadLink {
  token: string;
  expiresAt: Date;
}

export class DownloadLinks {
  private readonly secret: Buffer;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: { secret?: string; ttlSeconds: number; now?: () => number }) {
    this.secret = options.secret ? Buffer.from(options.secret, 'utf8') : randomBytes(32);
    this.ttlMs = options.ttlSeconds * 1000;
    this.now = options.now ?? Date.now;
  }

  sign(fileId: string, ownerId: string): DownloadLink {
    const expiresAt = new Date(this.now() + this.ttlMs);
    const payload = Buffer.from(JSON.stringify({ o: ownerId, e: expiresAt.getTime() })).toString('base64url');
    return { token: `${payload}.${this.mac(fileId, payload)}`, expiresAt };
  }

  /** The owner the link speaks for, or null when it is forged, for another file, or expired. */
  verify(fileId: string, token: string): string | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(fileId, payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { o, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        o: unknown;
        e: unknown;
      };
      if (typeof o !== 'string' || typeof e !== 'number' || e <= this.now()) return null;
      return o;
    } catch {
      return null;
    }
  }

  private mac(fileId: string, payload: string): string {
    return createHmac('sha256', this.secret).update(`${fileId}\n${payload}`).digest('base64url');
  }
}
