import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlDocument } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the characters that end text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Crème brûlée · 1 × 2')).toBe('Crème brûlée · 1 × 2');
  });
});

describe('htmlDocument', () => {
  it('wraps head elements and body in a page that search engines skip', () => {
    const page = htmlDocument({
      title: 'A & B',
      head: '<link rel="stylesheet" href="/s.css">',
      body: '<p>Hi</p>',
    });
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">/);
    expect(page).toContain(
      '<meta name="robots" content="noindex">\n<title>A &amp; B</title>\n<link rel="stylesheet"',
    );
    expect(page).toContain('<body>\n<p>Hi</p>\n</body>\n</html>\n');
  });

  it('leaves the noindex out of an indexable page', () => {
    expect(htmlDocument({ title: 'Mediakit', body: '', indexable: true })).not.toContain('robots');
  });
});
