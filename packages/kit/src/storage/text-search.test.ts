import { describe, expect, it } from 'vitest';
import { queryTerms, queryWords, stem, termScores, textScore, textTerms } from './text-search.ts';

describe('textTerms and stem', () => {
  it('folds case and accents, drops stop words, splits on punctuation', () => {
    expect(textTerms('How to Compress a Vidéo for E-mail')).toEqual(['compress', 'video', 'e', 'mail']);
  });

  it('matches the usual forms of a word', () => {
    for (const [a, b] of [
      ['compressing', 'compress'],
      ['compressed', 'compresses'],
      ['videos', 'video'],
      ['trimming', 'trim'],
      ['cutting', 'cut'],
      ['boxes', 'box'],
      ['libraries', 'library'],
    ]) {
      expect(stem(a), `${a} ~ ${b}`).toBe(stem(b));
    }
    // Words that merely end like a suffix keep it.
    for (const word of ['status', 'analysis', 'process']) expect(stem(word)).toBe(word);
  });

  it('keeps one word per term and at most ten, and gives MongoDB the unstemmed words', () => {
    expect(queryTerms('video Videos VIDEO the')).toEqual(['video']);
    expect(queryWords('Trimming the Vidéos')).toEqual(['trimming', 'videos']);
    expect(queryTerms('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12')).toHaveLength(10);
  });
});

describe('termScores and textScore (MongoDB text index scoring)', () => {
  const weights = { title: 10, tags: 2, body: 1 };

  it('weighs each field, favours short fields, and counts each repeat half as much', () => {
    const scores = termScores(
      { title: 'Video', tags: ['video', 'clip'], body: 'video video clip frames' },
      weights,
    );
    // title: one word of one, equal to the raw field: 10 × 1 × 1 × 1.1; tags: 2 × 1 × 1 × 1.1;
    // body: 1 × (1 + ½) × (0.5 × 2/4 + 0.5).
    expect(scores.get('video')).toBeCloseTo(11 + 2.2 + 1.125, 10);
    expect(textScore(['video', 'clip'], scores)).toBeCloseTo(14.325 + 2.2 + 0.625, 10);
    expect(textScore(['heic'], scores)).toBe(0);
  });

  it('reads dotted paths and arrays of sub-documents, ignoring what is not a string', () => {
    const scores = termScores({ meta: [{ note: 'video' }, { note: 7 }] }, { 'meta.note': 1 });
    expect(scores.get('video')).toBeCloseTo(1.1, 10);
  });
});
