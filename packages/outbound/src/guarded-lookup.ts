import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { type AllowedRanges, isPublicAddress } from './address-rules.ts';
import { OutboundError } from './outbound-error.ts';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** How names are resolved: the system's resolver, or these DNS servers (`OUTBOUND_DNS_SERVERS`). */
export function nameResolver(servers: readonly string[] = []) {
  if (servers.length === 0) {
    return (host: string) => dns.lookup(host, { all: true, verbatim: true });
  }
  const resolver = new dns.Resolver({ timeout: 5000, tries: 2 });
  resolver.setServers(servers);
  return async (host: string): Promise<LookupAddress[]> => {
    const settled = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const found = settled.flatMap((result, i) =>
      result.status === 'fulfilled'
        ? result.value.map((address) => ({ address, family: i === 0 ? 4 : 6 }))
        : [],
    );
    if (found.length > 0) return found;
    throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  };
}

/**
 * A `lookup` for net.connect that resolves a name once and hands the socket only addresses it
 * checked, so the connection goes exactly where the check looked (no DNS rebinding). A name with
 * any private answer is refused whole: a public first answer could fail over to the private one.
 */
export function guardedLookup(resolve: ReturnType<typeof nameResolver>, allowed: AllowedRanges) {
  return (host: string, options: LookupOptions, callback: LookupCallback): void => {
    const literal = isIP(host) ? [{ address: host, family: isIP(host) }] : null;
    (literal ? Promise.resolve(literal) : resolve(host)).then(
      (addresses) => {
        if (addresses.some(({ address }) => !isPublicAddress(address, allowed))) {
          callback(new OutboundError('private_address'), '');
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter(({ family }) => wanted === 0 || family === wanted);
        if (usable.length === 0) callback(new OutboundError('not_found'), '');
        else if (options.all) callback(null, usable);
        else callback(null, usable[0]?.address ?? '', usable[0]?.family);
      },
      (error: unknown) => callback(new OutboundError('not_found', { cause: error }), ''),
    );
  };
}
