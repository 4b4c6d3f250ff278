import { createPrivateKey } from 'node:crypto';
import { type CryptoKey, calculateJwkThumbprint, importJWK, type JWK } from 'jose';

/** The JWS algorithms our keys may use: asymmetric, and what every OpenID relying party supports. */
export type SigningAlg = 'ES256' | 'RS256';

/** One usable signing key: the private half to sign, the public half for the JWKS. */
export interface SigningKey {
  kid: string;
  alg: SigningAlg;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** The private JWK (with kid and alg): the OpenID Provider's keystore takes keys in this form. */
  privateJwk: JWK;
}

/** Builds a SigningKey from a private JWK; the kid is the JWK's own or its RFC 7638 thumbprint. */
export async function signingKeyFromJwk(privateJwk: JWK): Promise<SigningKey> {
  const alg = algOf(privateJwk);
  if (!privateJwk.d)
    throw new Error(`signing key ${privateJwk.kid ?? ''} is a public key; a private key is needed`);
  const kid = privateJwk.kid ?? (await calculateJwkThumbprint(privateJwk));
  const privateKey = (await importJWK({ ...privateJwk, alg }, alg)) as CryptoKey;
  return {
    kid,
    alg,
    privateKey,
    publicJwk: publicJwkOf(privateJwk, kid, alg),
    privateJwk: { ...privateJwk, kid, alg, use: 'sig' },
  };
}

/**
 * Parses JWT_PRIVATE_KEYS: a JWK Set (`{"keys":[...]}`), one JWK, or PEM private keys (PKCS#8,
 * SEC1 or PKCS#1), current key first. `\n` escapes are accepted, since a PEM in one env line has them.
 */
export async function signingKeysFromText(text: string): Promise<SigningKey[]> {
  const trimmed = text.trim();
  let jwks: JWK[];
  if (trimmed.startsWith('{')) {
    let parsed: { keys?: JWK[] } & JWK;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new Error('JWT_PRIVATE_KEYS is not valid JSON (expected a JWK Set or PEM blocks)');
    }
    jwks = Array.isArray(parsed.keys) ? parsed.keys : [parsed];
  } else {
    const pems = trimmed
      .replace(/\\n/g, '\n')
      .match(/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----/g);
    if (!pems) throw new Error('JWT_PRIVATE_KEYS holds neither a JWK Set nor PEM private keys');
    jwks = pems.map((pem) => createPrivateKey(pem).export({ format: 'jwk' }) as JWK);
  }
  if (jwks.length === 0) throw new Error('JWT_PRIVATE_KEYS holds no keys');
  const keys = await Promise.all(jwks.map(signingKeyFromJwk));
  const kids = new Set(keys.map((k) => k.kid));
  if (kids.size !== keys.length) throw new Error('JWT_PRIVATE_KEYS holds two keys with the same kid');
  return keys;
}

function algOf(jwk: JWK): SigningAlg {
  if (jwk.alg === 'ES256' || jwk.alg === 'RS256') return jwk.alg as SigningAlg;
  if (jwk.alg) throw new Error(`signing key algorithm ${jwk.alg} is not supported; use ES256 or RS256`);
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'RSA') return 'RS256';
  throw new Error(
    `signing key type ${jwk.kty}${jwk.crv ? ` ${jwk.crv}` : ''} is not supported; use EC P-256 or RSA`,
  );
}

/** Only the public members, so the JWKS can never leak a private part whatever the key type. */
function publicJwkOf(jwk: JWK, kid: string, alg: SigningAlg): JWK {
  const members =
    jwk.kty === 'EC' ? { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: 'RSA', n: jwk.n, e: jwk.e };
  return { ...members, kid, alg, use: 'sig' };
}
