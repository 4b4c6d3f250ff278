import type { TextIndexWeights } from './ports.ts';

/**
 * The embedded store's `$text`: MongoDB's English text search, approximated without a search
 * engine, so a search ranks the same way on both stores. Words are folded (case, accents), stop
 * words dropped and suffixes stripped, and a document scores as MongoDB's text index scores it
 * (fts_spec.cpp, `_scoreStringV2`): per field, weight × (1 + ½ + ¼ … per repeat) × a boost for short
 * fields, summed over the query's words. The stemmer is a small English suffix stripper, not
 * Snowball's: words that Snowball stems differently ("happily") may match on one store only.
 */

/** Snowball's English stop words, which MongoDB's `english` text index drops (apostrophes split off). */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can cannot could did do does doing down during each few for from further had has
  have having he her here hers herself him himself his how i if in into is it its itself let me more
  most my myself no nor not of off on once only or other ought our ours ourselves out over own same she
  should so some such than that the their theirs them themselves then there these they this those
  through to too under until up very was we were what when where which while who whom why with would
  you your yours yourself yourselves`.split(/\s+/),
);

/** The folded words of a text, in order, before stop words and stemming. */
function foldedWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The indexed terms of a text: folded, stop words removed, stemmed, in order (repeats kept). */
export function textTerms(text: string): string[] {
  return foldedWords(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

/** A deliberately small English suffix stripper; both sides of a match go through it. */
export function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('sses')) return w.slice(0, -2);
  if (w.length > 4 && /(?:x|z|ch|sh|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    return w.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      // "trimming" → "trimm" → "trim"; but "compress" keeps its double s.
      if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
      return w;
    }
  }
  return w;
}

/** The words of a query, folded, without stop words, one per term, at most MAX_QUERY_TERMS: what
 * MongoDB is given, so both stores search for the same words. */
export function queryWords(query: string): string[] {
  const byTerm = new Map<string, string>();
  for (const word of foldedWords(query)) {
    if (!STOP_WORDS.has(word) && !byTerm.has(stem(word))) byTerm.set(stem(word), word);
  }
  return [...byTerm.values()].slice(0, MAX_QUERY_TERMS);
}

/** The distinct terms of a query: MongoDB ORs them. */
export function queryTerms(query: string): string[] {
  return queryWords(query).map(stem);
}

export const MAX_QUERY_TERMS = 10;

/** Per-term scores of one document over the indexed fields, as MongoDB stores them in its text index. */
export function termScores(
  document: Record<string, unknown>,
  weights: TextIndexWeights,
): Map<string, number> {
  const scores = new Map<string, number>();
  for (const [field, weight] of Object.entries(weights)) {
    for (const text of stringsAt(document, field)) scoreString(text, weight, scores);
  }
  return scores;
}

/** The document's score for the query terms; 0 when none occurs. */
export function textScore(terms: readonly string[], scores: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const term of terms) total += scores.get(term) ?? 0;
  return total;
}

function scoreString(raw: string, weight: number, scores: Map<string, number>): void {
  const terms = textTerms(raw);
  const seen = new Map<string, { count: number; freq: number }>();
  for (const term of terms) {
    const data = seen.get(term) ?? { count: 0, freq: 0 };
    // Each repeat counts half as much as the one before it.
    data.freq += 1 / 2 ** data.count;
    data.count += 1;
    seen.set(term, data);
  }
  for (const [term, data] of seen) {
    // A word weighs more in a short field ("Video") than in a long one.
    const coefficient = (0.5 * data.count) / terms.length + 0.5;
    const exact = raw.length === term.length && raw.toLowerCase() === term ? 1.1 : 1;
    scores.set(term, (scores.get(term) ?? 0) + weight * data.freq * coefficient * exact);
  }
}

/** The strings at a dotted path, looking into arrays (a text index indexes every string of an array). */
function stringsAt(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => stringsAt(item, path));
  if (path === '') return typeof value === 'string' ? [value] : [];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = path.split('.');
  return stringsAt((value as Record<string, unknown>)[head as string], rest.join('.'));
}
