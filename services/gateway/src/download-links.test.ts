import { describe, expect, it } from 'vitest';
import { DownloadLinks } from './download-links.ts';

describe('download links', () => {
  let clock = 1_000_000;
  const links = new DownloadLinks({ secret: 'a'.repeat(32), ttlSeconds: 60, now: () => clock });

  it('open the one file of the one owner they were made for, until they expire', () => {
    const { token, expiresAt } = links.sign('file-1', 'user:ann');
    expect(expiresAt.getTime()).toBe(clock + 60_000);
    expect(links.verify('file-1', token)).toBe('user:ann');
    expect(links.verify('file-2', token)).toBeNull();
    clock += 60_000;
    expect(links.verify('file-1', token)).toBeNull();
  });

  it('refuse forged, altered and malformed tokens, and tokens of another secret', () => {
    const { token } = links.sign('file-1', 'user:ann');
    const [payload, mac] = token.split('.');
    const otherOwner = Buffer.from(JSON.stringify({ o: 'user:bob', e: clock + 60_000 })).toString(
      'base64url',
    );
    expect(links.verify('file-1', `${otherOwner}.${mac}`)).toBeNull();
    expect(links.verify('file-1', `${payload}.${mac.slice(1)}x`)).toBeNull();
    expect(links.verify('file-1', payload)).toBeNull();
    expect(links.verify('file-1', `${token}.x`)).toBeNull();
    expect(links.verify('file-1', '')).toBeNull();
    const other = new DownloadLinks({ secret: 'b'.repeat(32), ttlSeconds: 60, now: () => clock });
    expect(other.verify('file-1', token)).toBeNull();
  });
});
