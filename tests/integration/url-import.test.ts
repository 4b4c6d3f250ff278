import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDnsStub } from '@mediakit/outbound/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * Issue 28's SSRF matrix through the public API on the real stack. The files service runs with
 * OUTBOUND_DNS_SERVERS on a DNS stub and allows one address only, 127.0.0.2, where a server
 * redirects to the loopback listener every case aims at: that listener counts connections, and a
 * refused import must never reach it.
 */
let stack: TestStack;
let dns: Awaited<ReturnType<typeof startDnsStub>>;
let target: Server;
let targetPort: number;
let connections = 0;
let allowed: Server;
let allowedOrigin: string;
let png: Buffer;

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  // Every interface, both families: 127.0.0.1, ::1, ::ffff:127.0.0.1 and 0.0.0.0 all land here.
  target = createServer((_req, res) => res.end('secret'));
  target.on('connection', () => connections++);
  targetPort = await listen(target, '::');
  allowed = createServer((req, res) => {
    if (req.url === '/to-private') {
      res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/secret` }).end();
    } else if (req.url === '/slow') {
      // Longer than the gateway's idle timeout (1 s here) without a byte to the caller.
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 2500);
    } else {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    }
  });
  allowedOrigin = `http://127.0.0.2:${await listen(allowed, '127.0.0.2')}`;
  dns = await startDnsStub({ 'media.example.com': { A: ['127.0.0.1'] } });
  stack = await startTestStack({
    serviceEnv: {
      files: { OUTBOUND_DNS_SERVERS: dns.server, OUTBOUND_ALLOWED_CIDRS: '127.0.0.2/32' },
      gateway: { HTTP_IDLE_TIMEOUT_SECONDS: '1' },
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  await dns?.close();
  for (const server of [target, allowed]) {
    server?.closeAllConnections();
    server?.close();
  }
});

const PRIVATE = /^That link points to a private or local network address, which Mediakit never connects to\./;

describe('POST /files/import on the real stack', () => {
  it('imports a file from an address the operator allowed, as a guest', async () => {
    const api = new ApiClient(stack.gatewayUrl);
    const res = await api.json('POST', '/files/import', { url: `${allowedOrigin}/files/cover` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'cover.png', mime: 'image/png', width: 32, height: 24 });
    const content = await api.request('GET', `/files/${res.body.id}/content`);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(png);
  });

  it('answers an import that takes longer than the idle timeout of the gateway connection', async () => {
    const api = new ApiClient(stack.gatewayUrl);
    const res = await api.json('POST', '/files/import', { url: `${allowedOrigin}/slow`, name: 'late' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.name).toBe('late.png');
  });

  it.each([
    ['127.0.0.1', 'http://127.0.0.1:PORT/'],
    ['0.0.0.0', 'http://0.0.0.0:PORT/'],
    ['10/8', 'http://10.0.0.1:PORT/'],
    ['172.16/12', 'http://172.16.0.1:PORT/'],
    ['192.168/16', 'http://192.168.0.1:PORT/'],
    ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/'],
    ['100.64/10', 'http://100.64.0.1:PORT/'],
    ['[::1]', 'http://[::1]:PORT/'],
    ['[::ffff:127.0.0.1]', 'http://[::ffff:127.0.0.1]:PORT/'],
    ['2130706433', 'http://2130706433:PORT/'],
    ['0177.0.0.1', 'http://0177.0.0.1:PORT/'],
    ['a public-looking name resolving to 127.0.0.1', 'http://media.example.com:PORT/'],
    ['a redirect to a private address', 'ALLOWED/to-private'],
  ])('refuses %s with the sentence, never connecting', async (_case, url) => {
    const api = new ApiClient(stack.gatewayUrl);
    const link = url.replace('PORT', String(targetPort)).replace('ALLOWED', allowedOrigin);
    const res = await api.json('POST', '/files/import', { url: link });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'import_refused', message: expect.stringMatching(PRIVATE) });
    // One sentence: no address, no library's words.
    expect(JSON.stringify(res.body)).not.toMatch(/127\.|::1|10\.0|undici|ECONN|stack/i);
    expect(connections).toBe(0);
    expect((await api.json('GET', '/files')).body.items).toEqual([]);
  });
});
