import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ownIPv4Addresses, publicOrigins } from './public-origins.ts';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as unknown as NetworkInterfaceInfo;

/** A laptop on a home network: loopback, Wi-Fi with an IPv4 and an IPv6 address, a VPN. */
const laptop = () => ({
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  wlan0: [info('192.168.1.23', 'IPv4'), info('fe80::1', 'IPv6')],
  tun0: [info('10.8.0.2', 'IPv4')],
});

describe('publicOrigins without PUBLIC_URL (npm start)', () => {
  const origins = publicOrigins({ publicUrl: undefined, port: 8080, interfaces: laptop });

  it('allows localhost, 127.0.0.1 and the machine’s own IPv4 addresses, at the gateway’s port only', () => {
    expect(origins.fixed).toBe(false);
    expect(origins.canonical).toBe('http://localhost:8080');
    expect(origins.list()).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://192.168.1.23:8080',
      'http://10.8.0.2:8080',
    ]);
    for (const origin of origins.list()) expect(origins.allows(origin)).toBe(true);
    expect(origins.allows('http://localhost:3000')).toBe(false);
    expect(origins.allows('https://localhost:8080')).toBe(false);
    expect(origins.allows('http://127.0.0.2:8080')).toBe(false);
    expect(origins.allows('http://192.168.1.24:8080')).toBe(false);
  });

  it('takes a request’s origin from its Host only when that origin is allowed', () => {
    expect(origins.forRequest('http', '127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(origins.forRequest('http', 'LOCALHOST:8080')).toBe('http://localhost:8080');
    expect(origins.forRequest('http', '192.168.1.23:8080')).toBe('http://192.168.1.23:8080');
    // Forged, foreign or malformed hosts get nothing, never an origin made from what they sent.
    for (const host of [
      'evil.example:8080',
      'evil.example',
      'localhost:8081',
      'localhost',
      'evil@localhost:8080',
      'localhost:8080/evil',
      'localhost:8080#x',
      'localhost:8080 evil',
      '',
      undefined,
    ]) {
      expect(origins.forRequest('http', host), String(host)).toBeUndefined();
    }
    expect(origins.forRequest('https', 'localhost:8080')).toBeUndefined();
    expect(origins.forRequest('javascript', 'localhost:8080')).toBeUndefined();
  });

  it('accepts the built-in issuer of each allowed origin and of no other', () => {
    expect(origins.allowsIssuer('http://localhost:8080/oidc')).toBe(true);
    expect(origins.allowsIssuer('http://192.168.1.23:8080/oidc')).toBe(true);
    expect(origins.allowsIssuer('http://192.168.1.23:8080')).toBe(false);
    expect(origins.allowsIssuer('http://evil.example:8080/oidc')).toBe(false);
    expect(origins.allowsIssuer('http://localhost:8080/oidc/')).toBe(false);
  });

  it('writes port 80 as browsers do (no port)', () => {
    const onPort80 = publicOrigins({ publicUrl: undefined, port: 80, interfaces: laptop });
    expect(onPort80.canonical).toBe('http://localhost');
    expect(onPort80.forRequest('http', '127.0.0.1')).toBe('http://127.0.0.1');
    expect(onPort80.forRequest('http', '127.0.0.1:80')).toBe('http://127.0.0.1');
  });

  it('follows the machine to another network, reading its addresses again after a few seconds', () => {
    let now = 0;
    let address = '192.168.1.23';
    const moving = publicOrigins({
      publicUrl: undefined,
      port: 8080,
      now: () => now,
      interfaces: () => ({ wlan0: [info(address, 'IPv4')] }),
    });
    expect(moving.allows('http://192.168.1.23:8080')).toBe(true);
    address = '172.20.0.5';
    expect(moving.allows('http://172.20.0.5:8080')).toBe(false);
    now += 10_000;
    expect(moving.allows('http://172.20.0.5:8080')).toBe(true);
    expect(moving.allows('http://192.168.1.23:8080')).toBe(false);
  });
});

describe('publicOrigins with PUBLIC_URL', () => {
  const origins = publicOrigins({ publicUrl: 'https://media.example.com', port: 8080, interfaces: laptop });

  it('allows that one origin, whatever the request says', () => {
    expect(origins.fixed).toBe(true);
    expect(origins.canonical).toBe('https://media.example.com');
    expect(origins.list()).toEqual(['https://media.example.com']);
    expect(origins.allows('http://localhost:8080')).toBe(false);
    expect(origins.forRequest('http', 'localhost:8080')).toBe('https://media.example.com');
    expect(origins.forRequest('http', 'evil.example')).toBe('https://media.example.com');
    expect(origins.allowsIssuer('https://media.example.com/oidc')).toBe(true);
    expect(origins.allowsIssuer('http://localhost:8080/oidc')).toBe(false);
  });
});

describe('ownIPv4Addresses', () => {
  it('lists reachable IPv4 addresses, not loopback or IPv6', () => {
    expect(ownIPv4Addresses(laptop())).toEqual(['192.168.1.23', '10.8.0.2']);
    expect(ownIPv4Addresses({ lo: [info('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });
});
