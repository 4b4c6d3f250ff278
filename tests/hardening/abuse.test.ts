import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../integration/client.ts';
import { startTestStack, type TestStack } from '../integration/stack.ts';
import { signUp, uniqueEmail } from '../support/sign-in.ts';

/**
 * Access and abuse on the real stack (issue 10): every write a stranger could flood answers 429
 * with Retry-After; every kind of answer (API, pages, /oidc, file downloads, errors) carries the
 * security headers, HSTS when the request came over TLS; CORS is closed; oversized and stalled
 * requests are cut off; and every resource answers 404 to anyone but its owner.
 *
 * The gateway runs with TRUST_PROXY, as behind a reverse proxy: each test speaks from its own
 * X-Forwarded-For address, so the per-address limits of one test do not touch another's.
 */

const WRITES = 3;
const AUTH = 3;
const CONTACT = 1;

let stack: TestStack;
let png: Buffer;
let address = 10;

beforeAll(async () => {
  stack = await startTestStack({
    serviceEnv: {
      gateway: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES),
        RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH),
        CONTACT_RATE_LIMIT_PER_HOUR: String(CONTACT),
        HTTP_IDLE_TIMEOUT_SECONDS: '2',
        HTTP_HEADERS_TIMEOUT_SECONDS: '2',
      },
    },
  });
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#48c' } })
    .png()
    .toBuffer();
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
});

/** A visitor from a fresh address (as the proxy reports it), with its own cookie jar. */
class Visitor extends ApiClient {
  readonly ip = `203.0.113.${address++}`;
  token = '';
  override request(method: string, path: string, init: Parameters<ApiClient['request']>[2] = {}) {
    const headers: Record<string, string> = { ...init.headers, 'x-forwarded-for': this.ip };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return super.request(method, path, { ...init, headers });
  }
}

function uploadForm(name = 'photo.png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([png]), name);
  return form;
}

async function expectLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await response.json()) as { code: string; message: string };
  expect(body.code).toBe('rate_limited');
  expect(body.message).toMatch(/Please wait .+ and try again/);
}

/** Signs up and in from the visitor's own address, so no other visitor's limits are spent. */
async function signedIn(visitor: Visitor): Promise<Visitor> {
  const headers = { 'x-forwarded-for': visitor.ip };
  visitor.token = (
    await signUp(stack.gatewayUrl, { name: 'Owner', email: uniqueEmail('abuse'), headers })
  ).token;
  return visitor;
}

describe('rate limits answer 429 with Retry-After', () => {
  it('on uploads (multipart)', async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    for (let i = 0; i < WRITES; i++) {
      const ok = await visitor.request('POST', '/files', { body: uploadForm() });
      expect(ok.status).toBe(201);
    }
    await expectLimited(await visitor.request('POST', '/files', { body: uploadForm() }));
    // A new guest cookie is no way around it: guests are counted per address.
    const freshCookie = visitor.stranger();
    await expectLimited(
      await freshCookie.request('POST', '/files', {
        body: uploadForm(),
        headers: { 'x-forwarded-for': visitor.ip },
      }),
    );
  });

  it('on resumable uploads (tus creation)', async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    const create = () =>
      visitor.request('POST', '/uploads', {
        headers: { 'tus-resumable': '1.0.0', 'upload-length': String(png.length) },
      });
    for (let i = 0; i < WRITES; i++) expect((await create()).status).toBe(201);
    await expectLimited(await create());
  });

  it('on imports from a URL', async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    // A private address is refused without any connection, so the limit is all this spends.
    const importLink = () =>
      visitor.request('POST', '/files/import', { json: { url: 'http://10.0.0.1/a.png' } });
    for (let i = 0; i < WRITES; i++) expect((await importLink()).status).toBe(422);
    await expectLimited(await importLink());
  });

  it('on job submissions', async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    const file = (await (await visitor.request('POST', '/files', { body: uploadForm() })).json()) as {
      files: { id: string }[];
    };
    const submit = () =>
      visitor.request('POST', '/jobs', {
        json: { tool: 'png-to-jpg', inputs: [file.files[0]?.id], params: {} },
      });
    for (let i = 0; i < WRITES; i++) expect((await submit()).status).toBe(202);
    await expectLimited(await submit());
  });

  it('on sign-in (and sign-up), per address', async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    const login = () =>
      visitor.request('POST', '/auth/login', {
        json: { email: 'nobody@example.com', password: 'wrong password' },
      });
    for (let i = 0; i < AUTH; i++) expect((await login()).status).toBe(401);
    await expectLimited(await login());
  });

  it('on the contact form', async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    const send = () =>
      visitor.request('POST', '/contact', {
        json: { name: 'Visitor', email: 'visitor@example.com', message: 'Hello there.' },
      });
    for (let i = 0; i < CONTACT; i++) expect((await send()).status).toBe(201);
    await expectLimited(await send());
  });
});

describe('security headers on every kind of answer', () => {
  let fileId: string;
  beforeAll(async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    const created = await visitor.request('POST', '/files', { body: uploadForm() });
    fileId = ((await created.json()) as { files: { id: string }[] }).files[0]?.id as string;
    downloader = visitor;
  });
  let downloader: Visitor;

  const routes: [string, () => Promise<Response>][] = [
    ['the API', () => fetch(`${stack.gatewayUrl}/api/v1/tools`)],
    ['an API error', () => fetch(`${stack.gatewayUrl}/api/v1/files/nope`)],
    ['a page', () => fetch(`${stack.gatewayUrl}/`)],
    ['a deep page', () => fetch(`${stack.gatewayUrl}/tools/png-to-jpg`)],
    ['an /oidc page', () => fetch(`${stack.gatewayUrl}/oidc/.well-known/openid-configuration`)],
    ['a file download', () => downloader.request('GET', `/files/${fileId}/content`)],
    [
      'a Range download',
      () => downloader.request('GET', `/files/${fileId}/content`, { headers: { range: 'bytes=0-9' } }),
    ],
  ];

  it.each(routes)(
    '%s: CSP with frame-ancestors, nosniff, referrer policy, no HSTS over plain HTTP',
    async (_what, get) => {
      const response = await get();
      await response.arrayBuffer();
      expect(response.status).toBeLessThan(500);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it.each(routes)('%s: HSTS when the trusted proxy says the request came over TLS', async (_what, get) => {
    // The same requests again, as the TLS-terminating proxy forwards them.
    const original = globalThis.fetch;
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init: RequestInit = {}) =>
      original(input, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-forwarded-proto': 'https' },
      })) as typeof fetch;
    try {
      const response = await get();
      await response.arrayBuffer();
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('CORS is closed', () => {
  it('gives no Access-Control-Allow-Origin to a foreign origin, on requests or preflights', async () => {
    const simple = await fetch(`${stack.gatewayUrl}/api/v1/tools`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of ['/api/v1/files', '/api/v1/jobs', '/api/v1/auth/login', '/api/v1/uploads']) {
      const preflight = await fetch(`${stack.gatewayUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers'), path).toBeNull();
    }
  });
});

describe('request size and time limits', () => {
  it('refuses a JSON body over 1 MB with 413', async () => {
    const visitor = new Visitor(stack.gatewayUrl);
    const big = await visitor.request('POST', '/contact', {
      json: { name: 'x', email: 'x@example.com', message: 'x'.repeat(1_100_000) },
    });
    expect(big.status).toBe(413);
  });

  it('closes a connection whose upload stalls, and one whose headers never end', async () => {
    const url = new URL(stack.gatewayUrl);
    const closed = (payload: string) =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => socket.write(payload));
        socket.on('data', () => {});
        socket.on('error', () => {});
        socket.on('close', () => resolve());
        setTimeout(() => reject(new Error('the gateway kept a stalled connection open')), 30_000);
      });
    await closed(
      'POST /api/v1/files HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n',
    );
    await closed('GET /api/v1/tools HTTP/1.1\r\nHost: x\r\nX-Slow: ');
  });
});

describe('owner checks: every resource is its owner’s alone', () => {
  it('files, file content, jobs, job events, outputs and tus uploads answer 404 to another user and to a guest', async () => {
    const owner = await signedIn(new Visitor(stack.gatewayUrl));
    const created = await owner.request('POST', '/files', { body: uploadForm() });
    const fileId = ((await created.json()) as { files: { id: string }[] }).files[0]?.id as string;
    const job = await owner.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [fileId], params: {} });
    expect(job.status).toBe(202);
    const final = (await owner.events(job.body.id)).at(-1);
    expect(final?.event).toBe('succeeded');
    const outputId = final?.data.outputs[0].id as string;
    const tus = await owner.request('POST', '/uploads', {
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(png.length) },
    });
    const tusPath = new URL(tus.headers.get('location') as string, stack.gatewayUrl).pathname.replace(
      '/api/v1',
      '',
    );

    const otherUser = await signedIn(new Visitor(stack.gatewayUrl));
    const guest = new Visitor(stack.gatewayUrl);
    await guest.request('POST', '/files', { body: uploadForm() }); // a guest with a cookie of its own
    for (const [who, stranger] of [
      ['another user', otherUser],
      ['a guest', guest],
    ] as const) {
      const tries: [string, string, Record<string, string>?][] = [
        ['GET', `/files/${fileId}`],
        ['GET', `/files/${fileId}/content`],
        ['DELETE', `/files/${fileId}`],
        ['GET', `/files/${outputId}`],
        ['GET', `/files/${outputId}/content`],
        ['GET', `/jobs/${job.body.id}`],
        ['GET', `/jobs/${job.body.id}/events`, { accept: 'text/event-stream' }],
        ['POST', `/jobs/${job.body.id}/cancel`],
        ['POST', `/jobs/${job.body.id}/retry`],
        ['DELETE', `/jobs/${job.body.id}`],
        ['HEAD', tusPath, { 'tus-resumable': '1.0.0' }],
        ['DELETE', tusPath, { 'tus-resumable': '1.0.0' }],
      ];
      for (const [method, path, headers] of tries) {
        const response = await stranger.request(method, path, { headers });
        await response.arrayBuffer();
        expect(response.status, `${who}: ${method} ${path}`).toBe(404);
      }
      // Their lists do not show it, and a job cannot take it as input.
      expect(JSON.stringify((await stranger.json('GET', '/files')).body)).not.toContain(fileId);
      expect(JSON.stringify((await stranger.json('GET', '/jobs')).body)).not.toContain(job.body.id);
      expect(
        (await stranger.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [fileId], params: {} })).status,
      ).toBe(404);
    }
    // Still all there for the owner.
    expect((await owner.json('GET', `/files/${fileId}`)).status).toBe(200);
    expect((await owner.json('GET', `/jobs/${job.body.id}`)).status).toBe(200);
    expect((await owner.request('HEAD', tusPath, { headers: { 'tus-resumable': '1.0.0' } })).status).toBe(
      200,
    );
  });

  it('subscriptions are the caller’s own: no id in the path, guests get 401', async () => {
    const guest = new Visitor(stack.gatewayUrl);
    expect((await guest.json('GET', '/account/subscription')).status).toBe(401);
    const a = await signedIn(new Visitor(stack.gatewayUrl));
    const b = await signedIn(new Visitor(stack.gatewayUrl));
    const upgraded = await a.json('PUT', '/account/subscription', {
      plan: 'pro',
      billing: { name: 'A', address: '1 Road', country: 'DE' },
    });
    expect(upgraded.status).toBe(200);
    expect((await b.json('GET', '/account/subscription')).body.plan).toBe('free');
  });
});
