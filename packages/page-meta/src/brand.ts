/**
 * The brand in page titles and the not-found page's text: the part of page-meta.ts that a
 * remote's first page needs, without every page's title and description (a remote bundles its own
 * copy of what it imports, in the first load of its pages).
 */
export const BRAND = 'Mediakit';
export const BRAND_SUFFIX = ` | ${BRAND}`;

export const withBrand = (title: string) =>
  title.endsWith(BRAND_SUFFIX) ? title : `${title}${BRAND_SUFFIX}`;

export const NOT_FOUND_TEXT = {
  title: 'Page Not Found',
  message: 'The page you are looking for could not be found.',
  link: 'Go back to the homepage',
} as const;
