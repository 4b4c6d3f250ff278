import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseAllowedRanges } from './address-rules.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('lets an operator allow a range of their own, and nothing else', () => {
    const allowed = parseAllowedRanges('127.0.0.1, 10.0.0.0/8,fd00::/8');
    expect(isPublicAddress('127.0.0.1', allowed)).toBe(true);
    expect(isPublicAddress('10.200.0.1', allowed)).toBe(true);
    expect(isPublicAddress('fd12::1', allowed)).toBe(true);
    expect(isPublicAddress('127.0.0.2', allowed)).toBe(false);
    expect(isPublicAddress('192.168.0.1', allowed)).toBe(false);
  });

  it('names the bad entry of OUTBOUND_ALLOWED_CIDRS', () => {
    expect(() => parseAllowedRanges('10.0.0.0/8, intranet')).toThrow(/intranet is not an address/);
    expect(parseAllowedRanges('  ')).toEqual([]);
  });
});
