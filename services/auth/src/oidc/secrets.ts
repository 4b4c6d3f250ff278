import { randomBytes } from 'node:crypto';
import { type DocumentStore, DuplicateKeyError } from '@mediakit/kit';

interface SecretsDoc {
  _id: string;
  keys: string[];
  createdAt: string;
}

const DOC_ID = 'cookie-keys';
const MIN_LENGTH = 32;

/**
 * The secrets that sign the provider's cookies and the forms' CSRF tokens, current first.
 * OIDC_COOKIE_KEYS in production (rotate by putting a new key first and keeping the old one a
 * while); otherwise one is generated and kept in the document store, so every replica and every
 * restart signs alike (a per-process secret would sign everyone out on restart).
 */
export async function loadCookieKeys(text: string | undefined, store: DocumentStore): Promise<string[]> {
  if (text !== undefined) {
    const keys = text
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    if (keys.length === 0) throw new Error('OIDC_COOKIE_KEYS holds no key');
    if (keys.some((key) => key.length < MIN_LENGTH)) {
      throw new Error(`OIDC_COOKIE_KEYS: every key must be at least ${MIN_LENGTH} characters long`);
    }
    return keys;
  }
  const secrets = store.collection<SecretsDoc>('oidc_secrets');
  const stored = await secrets.findOne({ _id: DOC_ID });
  if (stored) return stored.keys;
  const doc = {
    _id: DOC_ID,
    keys: [randomBytes(32).toString('base64url')],
    createdAt: new Date().toISOString(),
  };
  try {
    await secrets.insertOne(doc);
    return doc.keys;
  } catch (error) {
    // Another replica generated one first: use theirs.
    if (!(error instanceof DuplicateKeyError)) throw error;
    const winner = await secrets.findOne({ _id: DOC_ID });
    if (!winner) throw error;
    return winner.keys;
  }
}
