import { isIP } from 'node:net';
import { Agent, type Dispatcher, errors } from 'undici';
import { type AllowedRanges, isPublicAddress } from './address-rules.ts';
import { guardedLookup, nameResolver } from './guarded-lookup.ts';
import { OutboundError } from './outbound-error.ts';

export interface OutboundOptions {
  /** Ranges reachable despite the rules (`OUTBOUND_ALLOWED_CIDRS`, parsed by parseAllowedRanges). */
  allowed?: AllowedRanges;
  /** DNS servers to ask instead of the system's resolver (`OUTBOUND_DNS_SERVERS`). */
  dnsServers?: readonly string[];
  /** Time to connect and to receive the answer's headers. Default 15 s. */
  headersTimeoutMs?: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  /** Redirects followed (each one checked like the first address). Default 5; 0 for webhooks. */
  maxRedirects?: number;
}

export interface OutboundAnswer {
  /** Where the answer finally came from, after redirects. */
  url: URL;
  statusCode: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Dispatcher.ResponseData['body'];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A URL a user gave, checked before anything is resolved: http(s) and no literal private address. */
export function checkUrl(text: string | URL, allowed: AllowedRanges = []): URL {
  let url: URL;
  try {
    // The WHATWG parser turns `2130706433`, `0177.0.0.1` and `0x7f.1` into 127.0.0.1 first.
    url = new URL(text);
  } catch {
    throw new OutboundError('bad_url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new OutboundError('bad_url');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host, allowed)) throw new OutboundError('private_address');
  if (host === 'localhost' || host.endsWith('.localhost')) throw new OutboundError('private_address');
  return url;
}

/**
 * Requests to addresses users give (imports, webhooks): every connection goes through a lookup that
 * only hands out checked public addresses, and every redirect is checked again before it is followed.
 */
export function createOutboundClient(options: OutboundOptions = {}) {
  const allowed = options.allowed ?? [];
  const agent = new Agent({
    connect: { lookup: guardedLookup(nameResolver(options.dnsServers), allowed), timeout: 10_000 },
    headersTimeout: options.headersTimeoutMs ?? 15_000,
    // Large downloads may pause between chunks; the caller bounds the whole transfer with `signal`.
    bodyTimeout: 60_000,
  });

  async function request(target: string | URL, init: OutboundRequest = {}): Promise<OutboundAnswer> {
    const maxRedirects = init.maxRedirects ?? 5;
    let url = checkUrl(target, allowed);
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let redirects = 0; ; redirects++) {
      const answer = await send(url, { ...init, method, body });
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.statusCode) || typeof location !== 'string' || maxRedirects === 0) {
        return { url, ...answer };
      }
      await answer.body.dump();
      if (redirects >= maxRedirects) throw new OutboundError('too_many_redirects');
      url = checkUrl(new URL(location, url), allowed);
      // As browsers do: 303 (and 301/302 after a POST) continue as a GET without the body.
      if (answer.statusCode === 303 || (method === 'POST' && answer.statusCode < 307)) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  async function send(url: URL, init: OutboundRequest) {
    try {
      const { statusCode, headers, body } = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers: init.headers,
        body: init.body,
        signal: init.signal,
      });
      return { statusCode, headers, body };
    } catch (error) {
      throw asOutboundError(error, init.signal);
    }
  }

  return { request, close: () => agent.close() };
}

export type OutboundClient = ReturnType<typeof createOutboundClient>;

function asOutboundError(error: unknown, signal: AbortSignal | undefined): Error {
  if (error instanceof OutboundError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  if (signal?.aborted) return signal.reason instanceof Error ? signal.reason : new OutboundError('timeout');
  if (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  ) {
    return new OutboundError('timeout', { cause: error });
  }
  return new OutboundError('unreachable', { cause: error });
}
