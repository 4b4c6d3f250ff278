import { describe, expect, it } from 'vitest';
import { queryTerms, type Searchable, scoreArticle, stem, tokenize } from './search.ts';

const article = (title: string, body: string, keywords: string[] = []): Searchable => ({
  title,
  body,
  keywords,
});

describe('tokenize and stem', () => {
  it('folds case and accents, drops stop words and one-letter words', () => {
    expect(tokenize('How to Compress a Vidéo for E-mail')).toEqual(['compress', 'video', 'mail']);
  });

  it('matches the usual forms of a word', () => {
    for (const [a, b] of [
      ['compressing', 'compress'],
      ['compressed', 'compresses'],
      ['videos', 'video'],
      ['images', 'image'],
      ['trimming', 'trim'],
      ['cutting', 'cut'],
      ['files', 'file'],
      ['boxes', 'box'],
      ['libraries', 'library'],
    ]) {
      expect(stem(a), `${a} ~ ${b}`).toBe(stem(b));
    }
    // Words that merely end like a suffix keep it.
    expect(stem('status')).toBe('status');
    expect(stem('analysis')).toBe('analysis');
    expect(stem('process')).toBe('process');
  });

  it('limits a query to ten distinct words', () => {
    expect(queryTerms('video video VIDEOS')).toEqual(['video']);
    expect(queryTerms('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12')).toHaveLength(10);
  });
});

describe('scoreArticle', () => {
  it('is 0 when no query word occurs', () => {
    expect(scoreArticle(queryTerms('heic'), article('WebP or AVIF', 'Pick a format.'))).toBe(0);
    expect(scoreArticle([], article('Anything', 'at all'))).toBe(0);
  });

  it('ranks a title hit above any number of body hits', () => {
    const terms = queryTerms('heic');
    const inTitle = scoreArticle(terms, article('HEIC vs JPEG', 'Photos from phones.'));
    const manyInBody = scoreArticle(terms, article('Phone photos', 'heic '.repeat(500)));
    expect(inTitle).toBeGreaterThan(manyInBody);
  });

  it('ranks a keyword hit between title and body hits', () => {
    const terms = queryTerms('email');
    const title = scoreArticle(terms, article('Video for email', 'x'));
    const keyword = scoreArticle(terms, article('Compress a video', 'x', ['email attachment']));
    const body = scoreArticle(terms, article('Compress a video', 'send it by email, email, email'));
    expect(title).toBeGreaterThan(keyword);
    expect(keyword).toBeGreaterThan(body);
    expect(body).toBeGreaterThan(0);
  });

  it('scores more matched words higher, and more mentions higher with diminishing returns', () => {
    const both = scoreArticle(queryTerms('trim video'), article('Trim a video', ''));
    const one = scoreArticle(queryTerms('trim video'), article('Trim a clip', ''));
    expect(both).toBeGreaterThan(one);
    const once = scoreArticle(['frame'], article('x', 'frame'));
    const ten = scoreArticle(['frame'], article('x', 'frame '.repeat(10)));
    const hundred = scoreArticle(['frame'], article('x', 'frame '.repeat(100)));
    expect(ten).toBeGreaterThan(once);
    // A hundred mentions are worth more than ten, but nowhere near a hundred times one.
    expect(hundred).toBeGreaterThan(ten);
    expect(hundred).toBeLessThan(10 * once);
  });
});
