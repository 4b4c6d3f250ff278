import { describe, expect, test } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, inlineRuntimeConfig } from './runtime-config.ts';

const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'mk-runtime-config' && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

describe('the runtime config written into the page', () => {
  test('is read from the page, over the defaults', () => {
    const config = inlineRuntimeConfig(
      page('{"remotes":{"tools":"https://cdn.example/tools/mf-manifest.json"}}'),
    );
    expect(config).toEqual({
      remotes: {
        tools: 'https://cdn.example/tools/mf-manifest.json',
        dashboard: DEFAULT_RUNTIME_CONFIG.remotes.dashboard,
      },
    });
  });

  test('carries the public origin the server names in canonical links', () => {
    const config = inlineRuntimeConfig(page('{"remotes":{},"publicUrl":"https://media.example"}'));
    expect(config?.publicUrl).toBe('https://media.example');
    expect(inlineRuntimeConfig(page('{"remotes":{}}'))).not.toHaveProperty('publicUrl');
  });

  test('is absent on a page without it, or with one that does not parse (then it is fetched)', () => {
    expect(inlineRuntimeConfig(page(null))).toBeUndefined();
    expect(inlineRuntimeConfig(page('{not json'))).toBeUndefined();
  });
});
