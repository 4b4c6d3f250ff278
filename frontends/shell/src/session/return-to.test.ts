import { describe, expect, test } from 'vitest';
import { LOGIN_ROUTE, loginRouteFor, safeReturnTo } from './return-to.ts';

describe('login route and where to come back to', () => {
  test('the login route is /?login=true, with the page to return to', () => {
    expect(LOGIN_ROUTE).toBe('/?login=true');
    expect(loginRouteFor('/dashboard/job-status')).toBe('/?login=true&returnTo=%2Fdashboard%2Fjob-status');
    expect(loginRouteFor('/')).toBe('/?login=true');
    expect(loginRouteFor()).toBe('/?login=true');
  });

  test('only same-origin paths are followed after sign-in', () => {
    expect(safeReturnTo('/account?tab=plan')).toBe('/account?tab=plan');
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });
});
