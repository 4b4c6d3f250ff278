import { COUNTRY_CODES } from '@mediakit/countries';

/** A country as the billing form offers it: its code (what is saved) and its name (what is shown). */
export interface Country {
  code: string;
  name: string;
  /** The name in the user's language and in English, folded (see fold), for matching. */
  terms: string[];
}

/** Lower case without accents, so "germ", "Germ" and "gérm" find the same countries. */
const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The countries the server accepts (@mediakit/countries), named in the user's language (the
 * browser's languages, English where Intl has no name), in that language's alphabetical order.
 * The English name is kept for matching too: someone with a German browser who types "Germany"
 * still finds Deutschland.
 */
export function countryList(locales: readonly string[] = []): Country[] {
  const languages = [...locales, 'en'];
  const local = new Intl.DisplayNames(languages, { type: 'region', fallback: 'code' });
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(languages);
  return COUNTRY_CODES.map((code) => {
    const name = local.of(code) ?? code;
    const terms = [...new Set([fold(name), fold(english.of(code) ?? code)])];
    return { code, name, terms };
  }).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The countries whose name (or code) matches what was typed, best first: the code itself ("de"),
 * then names that start with it ("germ" → Germany), then names with a word that starts with it
 * ("guinea" → Equatorial Guinea), then names that contain it. Nothing typed: every country.
 */
export function matchCountries(list: readonly Country[], typed: string): Country[] {
  const query = fold(typed);
  if (!query) return [...list];
  const rank = (country: Country): number => {
    if (country.code.toLowerCase() === query) return 0;
    if (country.terms.some((term) => term.startsWith(query))) return 1;
    if (country.terms.some((term) => term.split(/[\s\-()'’,.]+/).some((word) => word.startsWith(query))))
      return 2;
    if (country.terms.some((term) => term.includes(query))) return 3;
    return -1;
  };
  return list
    .map((country) => ({ country, rank: rank(country) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.country);
}

/**
 * The code for a country typed in full, its name (in the user's language or English, any case,
 * accents optional) or its code; undefined for anything else (a part of a name, a typo).
 */
export function countryCode(list: readonly Country[], typed: string): string | undefined {
  const query = fold(typed);
  if (!query) return undefined;
  return list.find((c) => c.code.toLowerCase() === query || c.terms.includes(query))?.code;
}

/** The name shown for a saved code; the code itself for one the list does not know. */
export function countryName(list: readonly Country[], code: string | undefined): string {
  if (!code) return '';
  return list.find((c) => c.code === code.toUpperCase())?.name ?? code;
}
