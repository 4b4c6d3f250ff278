import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcesSequence, ftypBrands, readHeifSequence } from './heif-sequence.ts';
import { inspectFile } from './inspect.ts';

// Made by avifenc and by x265 + ffmpeg's MP4 muxer (tests/corpus/make/anim.sh).
const CORPUS = fileURLToPath(new URL('../../../tests/corpus/files/anim/', import.meta.url));
const AVIF = join(CORPUS, 'avifenc-24-frames.avif');
const HEIC = join(CORPUS, 'x265-msf1-24-frames.heic');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'heif-sequence-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('HEIF image sequences', () => {
  it('an animated AVIF (brand avis) is an AVIF of its frame size, not refused', async () => {
    expect(ftypBrands(await readFile(AVIF))[0]).toBe('avis');
    expect(await readHeifSequence(AVIF)).toEqual({ codec: 'av1', width: 160, height: 120, frames: 24 });
    expect(await inspectFile(AVIF)).toMatchObject({
      format: 'avif',
      mime: 'image/avif',
      width: 160,
      height: 120,
    });
  });

  it('an HEVC sequence (brand msf1, no still image) is a HEIC', async () => {
    expect(await readHeifSequence(HEIC)).toEqual({ codec: 'hevc', width: 160, height: 120, frames: 24 });
    expect(await inspectFile(HEIC)).toMatchObject({
      format: 'heic',
      media: 'image',
      width: 160,
      height: 120,
    });
  });

  it('an HEVC sequence with major brand hevs (which file-type calls MP4) is a HEIC too', async () => {
    const bytes = Buffer.from(await readFile(HEIC));
    bytes.write('hevs', 8, 'latin1');
    const path = join(dir, 'hevs.heic');
    await writeFile(path, bytes);
    expect(await inspectFile(path)).toMatchObject({ format: 'heic', media: 'image' });
  });

  it('only a sequence brand as the major brand, or beside a HEIF still brand, announces one', () => {
    expect(announcesSequence(['avis', 'avif', 'msf1'])).toBe(true);
    expect(announcesSequence(['msf1', 'iso2', 'mp41'])).toBe(true);
    expect(announcesSequence(['mif1', 'heic', 'msf1'])).toBe(true);
    // An MP4 video that lists such a brand among others stays a video.
    expect(announcesSequence(['isom', 'iso2', 'msf1', 'mp41'])).toBe(false);
    expect(announcesSequence(['avif', 'mif1', 'miaf'])).toBe(false);
    expect(announcesSequence([])).toBe(false);
  });
});
