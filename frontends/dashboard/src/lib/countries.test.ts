import { COUNTRY_CODES } from '@mediakit/countries';
import { describe, expect, it } from 'vitest';
import { countryCode, countryList, countryName, matchCountries } from './countries.ts';

const english = countryList(['en-US']);
const german = countryList(['de-DE']);
const codes = (list: { code: string }[]) => list.map((c) => c.code);

describe('countries of the billing form', () => {
  it('offers exactly the codes the server accepts, named in the language of the user, in its order', () => {
    expect(codes(english).sort()).toEqual([...COUNTRY_CODES]);
    expect(countryName(english, 'DE')).toBe('Germany');
    expect(countryName(german, 'DE')).toBe('Deutschland');
    const names = english.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    // Åland sorts with the A's in English, not after Z.
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'));
  });

  it('finds Germany (DE) from "Germany", "germ" or its code, and never as Georgia (GE)', () => {
    for (const typed of ['Germany', 'germ', 'GERM', ' germany ', 'de'])
      expect(codes(matchCountries(english, typed))[0], typed).toBe('DE');
    expect(codes(matchCountries(english, 'germ'))).not.toContain('GE');
    expect(countryCode(english, 'Germany')).toBe('DE');
    expect(countryCode(english, 'germany')).toBe('DE');
    expect(countryCode(english, 'de')).toBe('DE');
    expect(countryCode(english, 'Georgia')).toBe('GE');
  });

  it('matches without accents, by any word, and by the English name in another language', () => {
    expect(codes(matchCountries(english, 'cote'))).toContain('CI');
    expect(codes(matchCountries(english, 'aland'))[0]).toBe('AX');
    expect(codes(matchCountries(english, 'guinea')).slice(0, 1)).toEqual(['GN']);
    expect(codes(matchCountries(english, 'guinea'))).toEqual(expect.arrayContaining(['GQ', 'GW', 'PG']));
    expect(codes(matchCountries(german, 'Germany'))[0]).toBe('DE');
    expect(countryCode(german, 'Germany')).toBe('DE');
    expect(countryCode(german, 'deutschland')).toBe('DE');
    expect(countryCode(english, 'Côte d’Ivoire')).toBe('CI');
  });

  it('prefers names that start with what was typed over names that merely contain it', () => {
    const found = codes(matchCountries(english, 'ger'));
    expect(found[0]).toBe('DE');
    expect(found).toEqual(expect.arrayContaining(['DZ', 'NE', 'NG']));
    expect(codes(matchCountries(english, 'kingdom'))[0]).toBe('GB');
  });

  it('leaves anything that is not a whole name or a code to the server', () => {
    for (const typed of ['Germ', 'XX', 'EU', 'UK', 'Deutschlan', ''])
      expect(countryCode(english, typed)).toBe(undefined);
    expect(matchCountries(english, 'zzz')).toEqual([]);
    expect(matchCountries(english, '')).toHaveLength(COUNTRY_CODES.length);
    expect(countryName(english, undefined)).toBe('');
    expect(countryName(english, 'XX')).toBe('XX');
  });
});
