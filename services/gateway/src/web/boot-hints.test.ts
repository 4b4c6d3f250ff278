import { describe, expect, test } from 'vitest';
import { filesFromManifest } from './boot-hints.ts';

describe("a remote's first files, from its mf-manifest.json", () => {
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        assets: {
          js: { sync: ['480.522bff20e0.js', '__federation_expose_routes.5496f48dc5.js'], async: ['9.js'] },
          css: { sync: ['__federation_expose_routes.a831ef48eb.css'], async: ['7.css'] },
        },
      },
    ],
  };

  test('the entry, then what the exposed module needs before it runs, beside the manifest', () => {
    expect(filesFromManifest(manifest, '/remotes/dashboard/mf-manifest.json')).toEqual({
      scripts: [
        '/remotes/dashboard/remoteEntry.js',
        '/remotes/dashboard/480.522bff20e0.js',
        '/remotes/dashboard/__federation_expose_routes.5496f48dc5.js',
      ],
      styles: ['/remotes/dashboard/__federation_expose_routes.a831ef48eb.css'],
    });
  });

  test("an entry in a folder of its own resolves there; the exposed module's files stay beside the manifest", () => {
    const inFolder = { ...manifest, metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry' } } };
    expect(filesFromManifest(inFolder, '/remotes/dashboard/mf-manifest.json').scripts[0]).toBe(
      '/remotes/dashboard/entry/remoteEntry.js',
    );
  });

  test('a manifest without an entry or exposes preloads nothing', () => {
    expect(filesFromManifest({}, '/remotes/tools/mf-manifest.json')).toEqual({ scripts: [], styles: [] });
  });
});
