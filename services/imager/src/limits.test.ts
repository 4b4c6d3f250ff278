import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@mediakit/kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOnlyOurLoaders, jobBudgetMs, loadImageLimits } from './limits.ts';

describe('loadImageLimits', () => {
  it('defaults to the catalog limits', () => {
    expect(loadImageLimits({})).toEqual({
      maxPixels: 100_000_000,
      maxFrames: 1000,
      maxInputBytes: 200 * 1024 ** 2,
      decodeTimeoutSeconds: 60,
    });
  });

  it('reads the environment and names a bad variable', () => {
    expect(
      loadImageLimits({
        MAX_IMAGE_PIXELS: '50000000',
        MAX_IMAGE_FRAMES: '3',
        IMAGE_DECODE_TIMEOUT_SECONDS: '5',
      }),
    ).toMatchObject({ maxPixels: 50_000_000, maxFrames: 3, decodeTimeoutSeconds: 5 });
    expect(() => loadImageLimits({ MAX_IMAGE_PIXELS: 'lots' })).toThrow(ConfigError);
    expect(() => loadImageLimits({ MAX_IMAGE_PIXELS: 'lots' })).toThrow(/MAX_IMAGE_PIXELS/);
    expect(() => loadImageLimits({ IMAGE_DECODE_TIMEOUT_SECONDS: '0' })).toThrow(
      /IMAGE_DECODE_TIMEOUT_SECONDS/,
    );
  });
});

describe('jobBudgetMs', () => {
  it('is the per-image budget once per input', () => {
    expect(jobBudgetMs({ decodeTimeoutSeconds: 60 }, 1)).toBe(60_000);
    expect(jobBudgetMs({ decodeTimeoutSeconds: 60 }, 50)).toBe(3_000_000);
    expect(jobBudgetMs({ decodeTimeoutSeconds: 2 }, 0)).toBe(2000);
  });
});

// Process-wide: vitest runs each test file in its own process (pool: forks), so this file alone
// sees the restriction, as the imager does once main.ts applied it.
describe('allowOnlyOurLoaders', () => {
  let dir: string;
  const tiny = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#c00' } });
  const decodes = (input: string | Buffer) =>
    sharp(input)
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(
        ({ info }) => `${info.width}×${info.height}`,
        (error: Error) => error.message,
      );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'imager-loaders-'));
    // libvips' own format, which it opens by its magic bytes; written before the block.
    await tiny().toFile(join(dir, 'native.v'));
    expect(await decodes(join(dir, 'native.v'))).toBe('8×6');
    allowOnlyOurLoaders(sharp);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('still reads every format libvips decodes for the catalog, from a file and from memory', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"><rect width="8" height="6" fill="red"/></svg>',
    );
    const encoded: Record<string, Buffer> = {
      jpg: await tiny().jpeg().toBuffer(),
      png: await tiny().png().toBuffer(),
      webp: await tiny().webp().toBuffer(),
      gif: await tiny().gif().toBuffer(),
      tiff: await tiny().tiff().toBuffer(),
      avif: await tiny().avif().toBuffer(),
      svg,
    };
    for (const [format, bytes] of Object.entries(encoded)) {
      const path = join(dir, `in.${format}`);
      await writeFile(path, bytes);
      expect(await decodes(path), format).toBe('8×6');
      expect(await decodes(bytes), format).toBe('8×6');
    }
    // Pixels handed over by the decoders outside libvips (BMP, ICO, PSD, HEIC) need no loader.
    const raw = Buffer.alloc(8 * 6 * 3, 200);
    expect(
      (
        await sharp(raw, { raw: { width: 8, height: 6, channels: 3 } })
          .png()
          .toBuffer()
      ).length,
    ).toBeGreaterThan(0);
  });

  it('refuses what only the other loaders would open', async () => {
    // Read fine before the block (beforeAll), refused after it.
    expect(await decodes(join(dir, 'native.v'))).toMatch(/unsupported image format/);
  });
});
