import { describe, expect, it } from 'vitest';
import { outboundOptionsFromEnv } from './options-from-env.ts';

describe('outboundOptionsFromEnv', () => {
  it('reads the allowed ranges and the DNS servers', () => {
    const options = outboundOptionsFromEnv({
      OUTBOUND_ALLOWED_CIDRS: '10.0.0.0/8',
      OUTBOUND_DNS_SERVERS: '127.0.0.1:5353, 9.9.9.9,[::1]:53 , ::1',
    });
    expect(options.dnsServers).toEqual(['127.0.0.1:5353', '9.9.9.9', '[::1]:53', '::1']);
    expect(options.allowed).toHaveLength(1);
  });

  it('defaults to the system resolver and no exceptions', () => {
    expect(outboundOptionsFromEnv({ OUTBOUND_ALLOWED_CIDRS: '', OUTBOUND_DNS_SERVERS: '' })).toEqual({
      allowed: [],
      dnsServers: [],
    });
  });

  it('names a DNS server that is not an address', () => {
    expect(() =>
      outboundOptionsFromEnv({ OUTBOUND_ALLOWED_CIDRS: '', OUTBOUND_DNS_SERVERS: 'dns.example.com' }),
    ).toThrow(/dns.example.com is not an address/);
  });
});
