/**
 * Slugs are the article's address (`/blog/<slug>`): lowercase words of letters and digits joined by
 * single hyphens, so a URL never needs escaping and two spellings never name the same article.
 */
export const SLUG_MIN = 3;
export const SLUG_MAX = 80;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why `slug` is not acceptable, as a sentence, or null when it is. */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX)
    return `slug must have ${SLUG_MIN} to ${SLUG_MAX} characters.`;
  if (!SLUG.test(slug))
    return 'slug must be lowercase letters and digits with single hyphens between words, such as compress-a-video-for-email.';
  return null;
}

export const isValidSlug = (slug: string) => slugProblem(slug) === null;

/** A slug made from a title ("HEIC vs JPEG: which one?" → "heic-vs-jpeg-which-one"). */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug;
}
