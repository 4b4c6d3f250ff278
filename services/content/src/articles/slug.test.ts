import { describe, expect, it } from 'vitest';
import { isValidSlug, slugify, slugProblem } from './slug.ts';

describe('slug rules', () => {
  it('accepts lowercase words of letters and digits joined by single hyphens', () => {
    for (const slug of ['heic-vs-jpeg', 'pan-card-photo-197x276', 'webp', 'a1b'])
      expect(isValidSlug(slug)).toBe(true);
  });

  it('refuses capitals, spaces, underscores, edge or double hyphens, non-ASCII, slashes and dots', () => {
    for (const slug of [
      'Heic-vs-jpeg',
      'heic vs jpeg',
      'heic_vs',
      '-heic',
      'heic-',
      'heic--jpeg',
      'café',
      'a/b',
      '../x',
      'a.b',
    ]) {
      expect(isValidSlug(slug), slug).toBe(false);
    }
    expect(slugProblem('Heic')).toMatch(/lowercase letters and digits with single hyphens/);
  });

  it('needs 3 to 80 characters', () => {
    expect(slugProblem('ab')).toBe('slug must have 3 to 80 characters.');
    expect(isValidSlug('a'.repeat(80))).toBe(true);
    expect(isValidSlug('a'.repeat(81))).toBe(false);
  });

  it('makes a valid slug from a title', () => {
    expect(slugify('HEIC vs JPEG: which one should you use?')).toBe('heic-vs-jpeg-which-one-should-you-use');
    expect(slugify('Crème brûlée & Co.')).toBe('creme-brulee-and-co');
    const long = slugify('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(isValidSlug(long)).toBe(true);
  });
});
