/**
 * Blog search without a search engine: text is cut into words, folded (case, accents) and lightly
 * stemmed ("compressing", "compressed" → "compress"), and an article scores by which query words
 * it contains where. A word in the title outweighs any number of words in the keywords, and a
 * keyword any number of body words, so title hits always rank above body hits.
 *
 * On MongoDB a $text index finds the candidates (article-repository.ts); the ranking is this one
 * on both stores, so results are ordered the same way whichever store runs.
 */
export const MAX_QUERY_TERMS = 10;

const TITLE_WEIGHT = 10_000;
const KEYWORD_WEIGHT = 100;
/** Per query word, so ten words' body score (at most 90) stays below one keyword hit. */
const BODY_CAP = 9;

const STOP_WORDS = new Set(
  'a an and are as at be by can do for from how i if in into is it its me my of on or our so than that the their them then there these this to too up us was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** Folded, stemmed words of a text, stop words removed, in order (repeats kept). */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

/** The distinct words of a query, at most MAX_QUERY_TERMS. */
export function queryTerms(q: string): string[] {
  return [...new Set(tokenize(q))].slice(0, MAX_QUERY_TERMS);
}

/** A deliberately small English suffix stripper; both sides of a match go through it. */
export function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  let w = word.replace(/'s$/, '');
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

export interface Searchable {
  title: string;
  body: string;
  keywords: readonly string[];
}

/** How well an article matches; 0 when it contains none of the terms. */
export function scoreArticle(terms: readonly string[], article: Searchable): number {
  if (terms.length === 0) return 0;
  const title = new Set(tokenize(article.title));
  const keywords = new Set(tokenize(article.keywords.join(' ')));
  const body = new Map<string, number>();
  for (const word of tokenize(article.body)) body.set(word, (body.get(word) ?? 0) + 1);
  let score = 0;
  for (const term of terms) {
    if (title.has(term)) score += TITLE_WEIGHT;
    if (keywords.has(term)) score += KEYWORD_WEIGHT;
    const count = body.get(term) ?? 0;
    // Diminishing returns: the tenth mention says less than the first.
    if (count > 0) score += Math.min(BODY_CAP, 1 + Math.log2(count));
  }
  return Math.round(score * 1000) / 1000;
}
