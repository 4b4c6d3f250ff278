import { isIP } from 'node:net';
import { parseAllowedRanges } from './address-rules.ts';
import type { OutboundOptions } from './outbound-client.ts';

/** The two settings every service that makes outbound requests reads (outboundEnv of @mediakit/kit). */
export interface OutboundEnv {
  OUTBOUND_ALLOWED_CIDRS: string;
  OUTBOUND_DNS_SERVERS: string;
}

/**
 * The client's options from the service's config; a bad entry stops the service at start with a
 * sentence naming it, rather than at the first import.
 */
export function outboundOptionsFromEnv(config: OutboundEnv): OutboundOptions {
  const dnsServers = config.OUTBOUND_DNS_SERVERS.split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  for (const server of dnsServers) {
    // `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`, as dns.Resolver#setServers takes them.
    const host = server.match(/^\[(.+)\](?::\d+)?$/)?.[1] ?? server.replace(/^([^:]+):\d+$/, '$1');
    if (!isIP(host)) throw new Error(`OUTBOUND_DNS_SERVERS: ${server} is not an address or address:port`);
  }
  return { allowed: parseAllowedRanges(config.OUTBOUND_ALLOWED_CIDRS), dnsServers };
}
