import { describe, expect, test } from 'vitest';
import { remoteAt } from './remote-at.ts';

describe('which remote a path opens', () => {
  test('tool and converter pages and the catalog are the tools remote', () => {
    for (const path of [
      '/tools',
      '/tools/',
      '/tool/trim-video',
      '/converter/mp4-to-gif',
      '/Tool/Trim-Video',
    ]) {
      expect(remoteAt(path)).toBe('tools');
    }
  });

  test('the dashboard and every section under it are the dashboard remote', () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/job-status', '/dashboard/blog/new']) {
      expect(remoteAt(path)).toBe('dashboard');
    }
  });

  test('the shell’s own pages and near misses open no remote', () => {
    for (const path of [
      '/',
      '/pricing',
      '/blog/some-article',
      '/tool',
      '/tool/a/b',
      '/toolsx',
      '/dashboards',
    ]) {
      expect(remoteAt(path)).toBeUndefined();
    }
  });
});
