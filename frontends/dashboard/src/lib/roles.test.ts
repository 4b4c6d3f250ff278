import { describe, expect, it } from 'vitest';
import { canEditBlog } from './roles.ts';

describe('who sees the Blog tab', () => {
  it('editors and administrators, nobody else', () => {
    expect(canEditBlog(['user', 'editor'])).toBe(true);
    expect(canEditBlog(['user', 'admin'])).toBe(true);
    expect(canEditBlog(['user'])).toBe(false);
    expect(canEditBlog([])).toBe(false);
    expect(canEditBlog(undefined)).toBe(false);
  });
});
