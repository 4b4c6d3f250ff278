import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A list of CIDR ranges (`10.0.0.0/8`, `fd00::/8`) an operator lets outbound requests reach anyway. */
export type AllowedRanges = ReadonlyArray<[Address, number]>;

/**
 * Parses `OUTBOUND_ALLOWED_CIDRS` (comma separated). An operator who runs their webhook receiver on
 * their own network names it here; nothing is allowed by default.
 */
export function parseAllowedRanges(list: string | undefined): AllowedRanges {
  if (!list?.trim()) return [];
  return list.split(',').map((item) => {
    const cidr = item.trim();
    try {
      return ipaddr.parseCIDR(cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`);
    } catch {
      throw new Error(`OUTBOUND_ALLOWED_CIDRS: ${cidr} is not an address or a CIDR range`);
    }
  });
}

/**
 * The IPv4 address an IPv6 address carries, for the forms that route to it: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-translated, NAT64 (`64:ff9b::/96`) and 6to4 (`2002:AABB:CCDD::/48`).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * Whether a request may connect to this address: only ordinary public unicast, so never loopback,
 * private, link-local (cloud metadata at 169.254.169.254), CGNAT (100.64/10), multicast, unspecified,
 * reserved or documentation ranges, in either family or hidden inside an IPv6 form. Teredo is refused
 * outright: its embedded address is obfuscated and no webhook receiver needs it.
 */
export function isPublicAddress(text: string, allowed: AllowedRanges = []): boolean {
  if (!ipaddr.isValid(text)) return false;
  const address = ipaddr.parse(text);
  if (allowed.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits))) {
    return true;
  }
  if (address.kind() === 'ipv6') {
    const inner = embeddedIPv4(address as ipaddr.IPv6);
    if (inner) return isPublicAddress(inner.toString(), allowed);
  }
  return address.range() === 'unicast';
}
