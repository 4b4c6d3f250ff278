import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './index.ts';

describe('country codes', () => {
  it('lists the 249 assigned ISO 3166-1 alpha-2 codes once each, in order', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('knows countries and refuses reserved, user-assigned and made-up codes', () => {
    for (const code of ['DE', 'GE', 'US', 'FR', 'JP', 'BR', 'ZA', 'AX', 'GB'])
      expect(isCountryCode(code)).toBe(true);
    for (const code of ['XX', 'XK', 'EU', 'UK', 'UN', 'de', 'DEU', ''])
      expect(isCountryCode(code)).toBe(false);
  });
});
