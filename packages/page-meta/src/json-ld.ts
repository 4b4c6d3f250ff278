import { BRAND } from './brand.ts';

/**
 * Structured data (schema.org, JSON-LD) the pages carry: the gateway writes it into the first HTML
 * response and the shell writes the same after client-side navigation (page-heads.ts).
 *
 * The price and the rating on tool pages are marketing values (docs/api.md, "Web app rules"),
 * not measured data; they live here as named constants so nobody mistakes them
 * for computed numbers and so they change in one place.
 */
export const ADVERTISED_PRICE = { amount: '0', currency: 'USD' } as const;
export const ADVERTISED_RATING = { value: '4.5', count: '150' } as const;

/** The home page's WebSite with a SearchAction: search engines may offer a search box into /tools. */
export function webSiteJsonLd(publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: BRAND,
    url: `${publicUrl}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}/tools?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function softwareApplicationJsonLd(
  entry: { title: string; description: string; media: string },
  url: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: entry.title,
    description: entry.description,
    url,
    applicationCategory: 'MultimediaApplication',
    operatingSystem: 'Any (runs in the web browser)',
    offers: { '@type': 'Offer', price: ADVERTISED_PRICE.amount, priceCurrency: ADVERTISED_PRICE.currency },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: ADVERTISED_RATING.value,
      ratingCount: ADVERTISED_RATING.count,
    },
  };
}

export function blogPostingJsonLd(
  article: { title: string; description: string; author: string; publishedAt: string; keywords: string[] },
  url: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.description,
    url,
    mainEntityOfPage: url,
    ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
    ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
    ...(article.keywords.length ? { keywords: article.keywords.join(', ') } : {}),
    publisher: { '@type': 'Organization', name: BRAND },
  };
}
