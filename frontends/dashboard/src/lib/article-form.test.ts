import { expect, test } from 'vitest';
import { articleBody, EMPTY_DRAFT, isDirty, parseKeywords } from './article-form.ts';

const draft = {
  ...EMPTY_DRAFT,
  title: '  Hello world ',
  body: '# Hi',
  keywords: 'video, , mp4, video ',
};

test('create leaves out empty optional fields so the server derives them', () => {
  expect(articleBody(draft, 'create', 'draft')).toEqual({
    title: 'Hello world',
    body: '# Hi',
    keywords: ['video', 'mp4'],
    status: 'draft',
  });
});

test('update sends cleared derived fields as "" (derived again), never an empty slug or author', () => {
  expect(articleBody({ ...draft, excerpt: ' ', meta_title: 'T' }, 'update')).toEqual({
    title: 'Hello world',
    body: '# Hi',
    keywords: ['video', 'mp4'],
    excerpt: '',
    meta_title: 'T',
    meta_description: '',
  });
  expect(articleBody({ ...draft, slug: 'new-slug', coverFileId: null }, 'update', 'published')).toMatchObject(
    {
      slug: 'new-slug',
      coverFileId: null,
      status: 'published',
    },
  );
});

test('keywords and dirtiness', () => {
  expect(parseKeywords(' a,b , a,,c ')).toEqual(['a', 'b', 'c']);
  expect(isDirty({ ...draft, keywords: 'video,mp4' }, draft)).toBe(false);
  expect(isDirty({ ...draft, body: 'x' }, draft)).toBe(true);
  expect(isDirty({ ...draft, coverFileId: 'f1' }, draft)).toBe(true);
});
