import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsStub } from '../test/dns-stub.ts';
import { parseAllowedRanges } from './address-rules.ts';
import { createOutboundClient } from './outbound-client.ts';

/** A loopback listener that counts every connection: a refused request must never reach it. */
let server: Server;
let port: number;
let connections = 0;
let dns: Awaited<ReturnType<typeof startDnsStub>>;

beforeAll(async () => {
  server = createServer((request, response) => {
    const hops = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('hops') ?? 0);
    if (request.url?.startsWith('/redirect-private')) {
      response.writeHead(302, { location: `http://10.0.0.1:${port}/` }).end();
    } else if (request.url?.startsWith('/chain') && hops < 5) {
      response.writeHead(302, { location: `/chain?hops=${hops + 1}` }).end();
    } else {
      response.end(`hello after ${hops}`);
    }
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dns = await startDnsStub({
    'media.example.com': { A: ['127.0.0.1'] },
    'sneaky.example.com': { A: ['93.184.215.14', '10.0.0.7'] },
    'metadata.example.com': { AAAA: ['::ffff:169.254.169.254'] },
  });
});

afterAll(async () => {
  server.close();
  await dns.close();
});

describe('an outbound request to an address a user gave', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:PORT/'],
    ['0.0.0.0', 'http://0.0.0.0:PORT/'],
    ['10/8', 'http://10.0.0.1:PORT/'],
    ['172.16/12', 'http://172.16.5.4:PORT/'],
    ['192.168/16', 'http://192.168.0.1:PORT/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT', 'http://100.64.0.1:PORT/'],
    ['[::1]', 'http://[::1]:PORT/'],
    ['[::ffff:127.0.0.1]', 'http://[::ffff:127.0.0.1]:PORT/'],
    ['decimal 2130706433', 'http://2130706433:PORT/'],
    ['octal 0177.0.0.1', 'http://0177.0.0.1:PORT/'],
    ['hex 0x7f.1', 'http://0x7f.1:PORT/'],
    ['localhost', 'http://localhost:PORT/'],
    ['a name resolving to loopback', 'http://media.example.com:PORT/'],
    ['a name with one private answer among public ones', 'http://sneaky.example.com:PORT/'],
    ['a name resolving to mapped metadata', 'http://metadata.example.com:PORT/'],
  ])('refuses %s without connecting', async (_case, url) => {
    const client = createOutboundClient({ dnsServers: [dns.server] });
    const before = connections;
    await expect(client.request(url.replace('PORT', String(port)))).rejects.toMatchObject({
      reason: 'private_address',
      message: expect.stringMatching(/private or local network address/),
    });
    expect(connections).toBe(before);
    await client.close();
  });

  it('refuses what is not http(s)', async () => {
    const client = createOutboundClient();
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a',
      'gopher://x/',
      'http://u:p@example.com/',
      'nonsense',
    ]) {
      await expect(client.request(url)).rejects.toMatchObject({ reason: 'bad_url' });
    }
    await client.close();
  });

  it('says when a name does not exist', async () => {
    const client = createOutboundClient({ dnsServers: [dns.server] });
    await expect(client.request('http://nowhere.example.com/')).rejects.toMatchObject({
      reason: 'not_found',
    });
    await client.close();
  });

  it('reaches an allowed range, resolving the name once through the given DNS server', async () => {
    const client = createOutboundClient({
      dnsServers: [dns.server],
      allowed: parseAllowedRanges('127.0.0.1'),
    });
    const answer = await client.request(`http://media.example.com:${port}/file`);
    expect(answer.statusCode).toBe(200);
    expect(await answer.body.text()).toBe('hello after 0');
    await client.close();
  });

  it('checks every redirect again, and stops after five', async () => {
    const client = createOutboundClient({ allowed: parseAllowedRanges('127.0.0.1') });
    const before = connections;
    await expect(client.request(`http://127.0.0.1:${port}/redirect-private`)).rejects.toMatchObject({
      reason: 'private_address',
    });
    const chain = createOutboundClient({ allowed: parseAllowedRanges('127.0.0.1') });
    // /chain redirects five times (hops 0 → 5), then answers.
    const followed = await chain.request(`http://127.0.0.1:${port}/chain`);
    expect(followed.statusCode).toBe(200);
    expect(await followed.body.text()).toBe('hello after 5');
    await expect(chain.request(`http://127.0.0.1:${port}/chain`, { maxRedirects: 4 })).rejects.toMatchObject({
      reason: 'too_many_redirects',
    });
    expect(connections).toBeGreaterThan(before);
    await client.close();
    await chain.close();
  });
});
