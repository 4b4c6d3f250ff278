/** The message for a token that cannot be decoded (docs/api.md, "Web app rules"). */
export const INVALID_TOKEN_MESSAGE = 'Invalid token specified';

/** Access tokens count as expired this long before their `exp` (docs/api.md, "Web app rules"). */
export const TOKEN_EXPIRY_MARGIN_MS = 5 * 60 * 1000;

export class InvalidTokenError extends Error {
  constructor() {
    super(INVALID_TOKEN_MESSAGE);
    this.name = 'InvalidTokenError';
  }
}

export interface JwtPayload {
  sub?: string;
  exp?: number;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Decoded here, not with jwt-decode: that package costs every first load 0.7 KB gzip (the shell's
 * boot chunk checks tokens), which put tool pages over their 170 KB budget (tests/e2e/shell.test.ts).
 *
 * The claims of a JWT, without checking its signature: the browser only needs `exp` and `sub`;
 * the gateway verifies every token it receives. Anything that is not three base64url segments with
 * a JSON object in the middle throws InvalidTokenError.
 */
export function decodeJwt(token: string): JwtPayload {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new InvalidTokenError();
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1]));
  } catch {
    throw new InvalidTokenError();
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new InvalidTokenError();
  return payload as JwtPayload;
}

/**
 * True when the token may be sent: decodable, with an `exp` more than the margin away. An
 * undecodable token, or one without `exp`, counts as expired.
 */
export function isTokenFresh(
  token: string | undefined,
  now: number = Date.now(),
  marginMs: number = TOKEN_EXPIRY_MARGIN_MS,
): boolean {
  if (!token) return false;
  const exp = expiryOf(token);
  return exp !== undefined && exp * 1000 - marginMs > now;
}

/**
 * The `exp` of the last token asked about: every API call checks the same access token two or
 * three times, and decoding it each time (base64, UTF-8, JSON) showed in the dashboard's first
 * long task. undefined for a token that cannot be decoded or has no `exp`.
 */
let lastExpiry: { token: string; exp: number | undefined } | undefined;
function expiryOf(token: string): number | undefined {
  if (lastExpiry?.token !== token) lastExpiry = { token, exp: readExpiry(token) };
  return lastExpiry.exp;
}

function readExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}
