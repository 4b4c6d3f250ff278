import { ApiError } from '@mediakit/kit';
import {
  createRemoteJWKSet,
  errors,
  type JWTHeaderParameters,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';

/** Who a valid access token speaks for. */
export interface VerifiedToken {
  sub: string;
  roles: string[];
  /** Profile claims, from issuers that put them into access tokens (an external one, e.g. Keycloak). */
  profile?: TokenProfile;
}

export interface TokenProfile {
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Reads roles (and a profile) from a verified token's claims; null refuses the token (401). */
export type ClaimsMapper = (
  payload: JWTPayload,
  header: JWTHeaderParameters,
) => Omit<VerifiedToken, 'sub'> | null;

export interface AccessTokenVerifier {
  /** Resolves the token's subject and roles, or rejects with a 401 (or 503 when keys are unreachable). */
  verify(token: string): Promise<VerifiedToken>;
}

export interface VerifierOptions {
  /** The issuer's JWKS, or a key getter (tests). */
  jwks: URL | JWTVerifyGetKey;
  /**
   * The issuer tokens must name: one (an external realm), or a rule (the built-in provider, whose
   * issuer is `<origin>/oidc` for each origin browsers may sign in at). Any other is refused.
   */
  issuer: string | ((issuer: string) => boolean);
  /** The required `aud`; without one, the claims mapper must check who the token was issued to. */
  audience?: string;
  /** Header `typ` values accepted (compared like jose does: case-insensitive, `application/` optional). */
  typs?: string[];
  /** Default: the built-in issuer's `roles` claim (rolesClaim). */
  claims?: ClaimsMapper;
  /** No refetch of the JWKS sooner than this after the last one, even for an unknown `kid`. */
  cooldownMs?: number;
}

export const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';
export const sessionInvalid = () => new ApiError(401, 'unauthorized', SESSION_INVALID);

/** The auth service signs with these (asymmetric, as docs/api.md requires); `none` and HMAC never pass. */
const ALGORITHMS = ['ES256', 'RS256'];
/** Far above any real token; a bigger header is refused before any parsing. */
const MAX_TOKEN_LENGTH = 8192;
/** The sub becomes part of an owner id that travels in headers to other services. */
const SUB = /^[\x21-\x7e]{1,255}$/;
/**
 * RFC 9068's header type of JWT access tokens. The id token comes from the same issuer with the
 * same audience and key, so without this check it would pass as an access token; an id token is
 * meant for the client to read, not to call the API with.
 */
const ACCESS_TOKEN_TYP = 'at+jwt';
/** Clocks of services on one deployment may drift a little. */
const CLOCK_TOLERANCE_S = 5;

/**
 * jose errors that mean "the keys could not be read" rather than "the token is bad": the auth
 * service is down or answered nonsense. Those are our fault, so the caller gets a 503 and keeps
 * their session instead of a 401 that would send them to sign in again.
 */
const KEYS_UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/**
 * Verifies access tokens against the issuer's JWKS. jose caches the key set (10 minutes) and
 * fetches it again when a token names a `kid` it does not know, so a key rotation in the auth
 * service is picked up without a restart; the cooldown bounds how often a stream of made-up
 * `kid`s can make the gateway fetch.
 */
export function createAccessTokenVerifier(options: VerifierOptions): AccessTokenVerifier {
  const keys =
    options.jwks instanceof URL
      ? createRemoteJWKSet(options.jwks, { cooldownDuration: options.cooldownMs ?? 30_000 })
      : options.jwks;

  const typs = new Set((options.typs ?? [ACCESS_TOKEN_TYP]).map(normalizeTyp));
  const claims = options.claims ?? rolesClaim;

  return {
    async verify(token) {
      if (!token || token.length > MAX_TOKEN_LENGTH) throw sessionInvalid();
      let payload: JWTPayload;
      let header: JWTHeaderParameters;
      try {
        ({ payload, protectedHeader: header } = await jwtVerify(token, keys, {
          issuer: typeof options.issuer === 'string' ? options.issuer : undefined,
          audience: options.audience,
          algorithms: ALGORITHMS,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: CLOCK_TOLERANCE_S,
        }));
      } catch (error) {
        if (!(error instanceof errors.JOSEError) || KEYS_UNAVAILABLE.has(error.code)) {
          throw new ApiError(
            503,
            'service_unavailable',
            'Sign-in cannot be checked right now. Please try again in a moment.',
          );
        }
        throw sessionInvalid();
      }
      if (
        typeof options.issuer === 'function' &&
        !(typeof payload.iss === 'string' && options.issuer(payload.iss))
      )
        throw sessionInvalid();
      if (typeof header.typ !== 'string' || !typs.has(normalizeTyp(header.typ))) throw sessionInvalid();
      const sub = payload.sub;
      if (typeof sub !== 'string' || !SUB.test(sub)) throw sessionInvalid();
      const mapped = claims(payload, header);
      if (!mapped) throw sessionInvalid();
      return { sub, ...mapped };
    },
  };
}

/** The built-in issuer's tokens: roles are a `roles` list of strings; anything else grants none. */
export const rolesClaim: ClaimsMapper = (payload) => ({
  roles: Array.isArray(payload.roles)
    ? payload.roles.filter((role): role is string => typeof role === 'string')
    : [],
});

/** As jose compares `typ` (RFC 7515 §4.1.9): case-insensitive, the `application/` prefix optional. */
const normalizeTyp = (typ: string) => typ.toLowerCase().replace(/^application\//, '');

/** The token of an `Authorization: Bearer <token>` header; null for any other scheme or shape. */
export function bearerToken(header: string): string | null {
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  return match ? match[1] : null;
}
