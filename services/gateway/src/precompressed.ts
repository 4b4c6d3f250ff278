import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One fixed body in every encoding a browser may ask for, compressed once. */
export interface Precompressed {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function precompress(body: string): Precompressed {
  const identity = Buffer.from(body);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  };
}

/**
 * The encoding to answer with, from an `Accept-Encoding` header: brotli, else gzip, else none.
 * A coding listed with `q=0` is refused, as RFC 9110 says.
 */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
