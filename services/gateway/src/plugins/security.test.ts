import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  test.each(['/api/v1/tools', '/', '/api/v1/missing'])(
    '%s carries a strict CSP, nosniff and a referrer policy',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
    },
  );

  test('there is no CORS: another origin gets no access headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tools',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/jobs',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('HSTS only over TLS', () => {
  test('plain HTTP gets no HSTS; X-Forwarded-Proto https counts only from a trusted proxy', async () => {
    const direct = await buildTestApp();
    const proxied = await buildTestApp({ trustProxy: true });
    try {
      const forwarded = { 'x-forwarded-proto': 'https' };
      const plain = await direct.app.inject({ method: 'GET', url: '/api/v1/tools' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Without TRUST_PROXY anyone could send the header: it is ignored.
      const spoofed = await direct.app.inject({ method: 'GET', url: '/api/v1/tools', headers: forwarded });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
      for (const url of ['/api/v1/tools', '/', '/api/v1/missing']) {
        const tls = await proxied.app.inject({ method: 'GET', url, headers: forwarded });
        expect(tls.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await direct.app.close();
      await proxied.app.close();
    }
  });

  test('an https PUBLIC_URL means TLS on every answer', async () => {
    const t = await buildTestApp({ publicUrl: 'https://media.example' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.app.close();
    }
  });
});

describe('request size and time limits', () => {
  test('a JSON body over 1 MB answers 413 with the API error body', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        headers: { 'content-type': 'application/json', ...ownerCookie },
        payload: JSON.stringify({
          tool: 'trim-video',
          inputs: ['x'],
          params: { pad: 'x'.repeat(1024 * 1024) },
        }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    } finally {
      await t.app.close();
    }
  });

  test('closes a connection whose headers dribble in, and one that goes idle', async () => {
    const t = await buildTestApp({ timeouts: { headersMs: 500, idleMs: 800, requestMs: 60_000 } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const closedWithin = (send: (socket: Socket) => void) =>
        new Promise<number>((resolve, reject) => {
          const started = Date.now();
          const socket = connect(port, '127.0.0.1', () => send(socket));
          socket.on('data', () => {});
          socket.on('error', () => {});
          socket.on('close', () => resolve(Date.now() - started));
          setTimeout(() => reject(new Error('the server kept the connection open')), 10_000);
        });
      // Slowloris: a request line, then nothing more of the headers.
      expect(await closedWithin((s) => s.write('GET /api/v1/tools HTTP/1.1\r\nHost: x\r\n'))).toBeLessThan(
        10_000,
      );
      // A body that stops arriving (a stalled upload).
      expect(
        await closedWithin((s) =>
          s.write(
            'POST /api/v1/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"to',
          ),
        ),
      ).toBeLessThan(10_000);
    } finally {
      await t.app.close();
    }
  });
});
