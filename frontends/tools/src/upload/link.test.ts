import { describe, expect, it } from 'vitest';
import { nameOfLink, normaliseLink } from './link.ts';

describe('a pasted link', () => {
  it.each([
    ['  https://example.com/a.jpg ', 'https://example.com/a.jpg'],
    ['example.com/a.jpg', 'https://example.com/a.jpg'],
    ['http://example.com', 'http://example.com'],
    ['ftp://example.com/a', 'ftp://example.com/a'],
    ['   ', ''],
  ])('%j is imported as %j', (pasted, link) => {
    expect(normaliseLink(pasted)).toBe(link);
  });

  it.each([
    ['https://example.com/media/holiday%20clip.mov?x=1', 'holiday clip.mov'],
    ['https://example.com/', 'example.com'],
    ['https://cdn.example.com:8443/', 'cdn.example.com:8443'],
    ['not a link', 'not a link'],
  ])('%j shows as %j while it is fetched', (link, name) => {
    expect(nameOfLink(link)).toBe(name);
  });
});
