import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX, ApiError, badRequest, isApiKeyScope, newId } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { sessionEnded } from '../auth-errors.ts';
import type { ApiKeyDoc, ApiKeyRepository } from './api-key-repository.ts';

/** Live keys one user may hold: enough for every script, few enough that none is forgotten. */
export const MAX_LIVE_KEYS = 20;
export const MAX_KEY_NAME_LENGTH = 60;
/** How often a key's `lastUsedAt` is written: a script's every request is not a write. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** `mk_<22-character id>_<43 characters: 32 random bytes, base64url>`. */
const SECRET_FORMAT = /^mk_([A-Za-z0-9_-]{22})_([A-Za-z0-9_-]{43})$/;

export const KEY_INVALID =
  'This API key is not valid: it was revoked, has expired or never existed. Create a new one in Dashboard → API keys.';
const keyInvalid = () => new ApiError(401, 'unauthorized', KEY_INVALID);
const keyNotFound = () => new ApiError(404, 'not_found', 'This API key was not found.');
const invalid = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * A secret of 256 random bits cannot be guessed or brute-forced from its hash, so a fast SHA-256
 * is enough (a slow hash like argon2 is for low-entropy passwords) and verification stays cheap.
 */
const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * API keys (docs/accounts.md "API keys"): created with scopes and an optional expiry, listed
 * without their secrets, revoked by deletion, verified by the gateway on each request that carries
 * one. No cache: a revoked or expired key fails on the very next request.
 */
export class ApiKeyService {
  private readonly keys: ApiKeyRepository;
  /** The user's roles, or null when the account no longer exists. */
  private readonly rolesOf: (sub: string) => Promise<string[] | null>;
  private readonly now: () => number;

  constructor(deps: {
    keys: ApiKeyRepository;
    rolesOf: (sub: string) => Promise<string[] | null>;
    now?: () => number;
  }) {
    this.keys = deps.keys;
    this.rolesOf = deps.rolesOf;
    this.now = deps.now ?? Date.now;
  }

  async create(
    sub: string,
    input: { name: string; scopes: string[]; expiresAt?: string },
  ): Promise<authV1.CreatedApiKey> {
    const now = this.now();
    const name = input.name.trim();
    if (name.length === 0 || [...name].length > MAX_KEY_NAME_LENGTH) {
      throw invalid('name', `Give the key a name of 1 to ${MAX_KEY_NAME_LENGTH} characters.`);
    }
    const scopes = [...new Set(input.scopes)];
    if (scopes.length === 0) throw invalid('scopes', 'Choose at least one scope for the key.');
    const unknown = scopes.find((scope) => !isApiKeyScope(scope));
    if (unknown)
      throw invalid(
        'scopes',
        `${unknown} is not a scope. Choose from files:read, files:write, jobs:read, jobs:write.`,
      );
    let expiresAt: string | undefined;
    if (input.expiresAt) {
      const at = Date.parse(input.expiresAt);
      if (Number.isNaN(at)) throw invalid('expiresAt', 'Give the expiry as a date and time (ISO 8601).');
      if (at <= now) throw invalid('expiresAt', 'The expiry must be in the future.');
      expiresAt = new Date(at).toISOString();
    }
    // A token that outlived its account: the same answer as every call of a deleted user.
    if (!(await this.rolesOf(sub))) throw sessionEnded();
    const nowIso = new Date(now).toISOString();
    if ((await this.keys.countLive(sub, nowIso)) >= MAX_LIVE_KEYS) {
      throw new ApiError(
        409,
        'conflict',
        `You already have ${MAX_LIVE_KEYS} API keys. Revoke one you no longer use, then create this one.`,
      );
    }
    const id = newId();
    const secret = `${API_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
    const doc: ApiKeyDoc = {
      _id: id,
      sub,
      name,
      scopes,
      secretHash: sha256(secret),
      createdAt: nowIso,
      expiresAt,
    };
    await this.keys.insert(
      Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined)) as ApiKeyDoc,
    );
    return { key: toApiKey(doc), secret };
  }

  async list(sub: string): Promise<authV1.ListApiKeysResponse> {
    return { keys: (await this.keys.listOf(sub)).map(toApiKey) };
  }

  async revoke(sub: string, id: string): Promise<void> {
    if (!(await this.keys.delete(sub, id))) throw keyNotFound();
  }

  /** Who a secret acts for; 401 for anything but a live key of an existing account. */
  async verify(secret: string): Promise<authV1.VerifiedApiKey> {
    const match = SECRET_FORMAT.exec(secret);
    if (!match) throw keyInvalid();
    const doc = await this.keys.findById(match[1]);
    if (!doc || !sameHash(doc.secretHash, sha256(secret))) throw keyInvalid();
    const now = this.now();
    if (doc.expiresAt && Date.parse(doc.expiresAt) <= now) throw keyInvalid();
    const roles = await this.rolesOf(doc.sub);
    if (!roles) throw keyInvalid();
    if (!doc.lastUsedAt || Date.parse(doc.lastUsedAt) <= now - LAST_USED_RESOLUTION_MS) {
      await this.keys.touch(
        doc._id,
        new Date(now).toISOString(),
        new Date(now - LAST_USED_RESOLUTION_MS).toISOString(),
      );
    }
    return { sub: doc.sub, roles, scopes: doc.scopes, keyId: doc._id };
  }

  deleteAllOf(sub: string): Promise<number> {
    return this.keys.deleteAllOf(sub);
  }
}

/** Compares two hex digests in constant time, so response times tell nothing about a near miss. */
function sameHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function toApiKey(doc: ApiKeyDoc): authV1.ApiKey {
  return {
    id: doc._id,
    name: doc.name,
    scopes: doc.scopes,
    createdAt: doc.createdAt,
    lastUsedAt: doc.lastUsedAt,
    expiresAt: doc.expiresAt,
  };
}
