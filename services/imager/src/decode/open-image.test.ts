import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heicFromImage, picture, writeBmp, writeIco, writePsd } from '@mediakit/media/testing';
import { JobFailure } from '@mediakit/worker';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inputFailure } from '../tools/read-errors.ts';
import { openImage } from './open-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

let dir: string;
const files: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'imager-open-'));
  const save = async (name: string, bytes: Buffer | Promise<Buffer>) => {
    files[name] = join(dir, name);
    await writeFile(files[name], await bytes);
  };
  const red = picture(24, 16, () => [255, 0, 0, 255]);
  const png = sharp(Buffer.from(red.data), { raw: { width: 24, height: 16, channels: 4 } })
    .png()
    .toBuffer();
  await save('red.png', png);
  await save('red.bmp', writeBmp(red, { bits: 24 }));
  await save('red.ico', writeIco([{ bmp: red, bits: 32 }]));
  await save(
    'red.psd',
    writePsd({ width: 24, height: 16, colourChannels: 3, depth: 8, at: () => [255, 0, 0] }),
  );
  await save(
    'red.heic',
    heicFromImage(files['red.png']).catch(() => Buffer.alloc(0)),
  );
  await save(
    'red.svg',
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16"><rect width="24" height="16" fill="red"/></svg>',
    ),
  );
  await save('notes.txt', Buffer.from('1 2 3\n4 5 6\n'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Opens a file under a job record claiming `format`, and returns its first pixel as RGB. */
async function firstPixel(name: string, format = 'png'): Promise<number[]> {
  const image = await openImage({ path: files[name], format, name });
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, Math.min(3, info.channels))];
}

describe('openImage', () => {
  it.each(['red.png', 'red.bmp', 'red.ico', 'red.psd', 'red.heic', 'red.svg'])('reads %s', async (name) => {
    const [r, g, b] = await firstPixel(name, name.split('.')[1]);
    expect(r).toBeGreaterThan(240);
    expect(g).toBeLessThan(20);
    expect(b).toBeLessThan(20);
  });

  it('picks the decoder from the content, not from the job’s record', async () => {
    // A BMP recorded as PNG still decodes (as a BMP); libvips alone would refuse it.
    expect(await firstPixel('red.bmp', 'png')).toEqual([255, 0, 0]);
  });

  it('never hands libvips a file that is none of our formats (libvips would read this as a matrix)', async () => {
    const error = await openImage({ path: files['notes.txt'], format: 'png', name: 'notes.png' }).catch(
      (e) => e,
    );
    expect(inputFailure('notes.png', error)?.message).toBe(
      'notes.png could not be read: it is not an image format we can read',
    );
  });

  it.each(['red.bmp', 'red.ico', 'red.psd', 'red.heic', 'red.png'])(
    '%s over the pixel limit fails with the same sentence as libvips’ own limit (worded for the default limit)',
    async (name) => {
      const error = await openImage(
        { path: files[name], format: 'x', name },
        { limitInputPixels: 24 * 16 - 1 },
      )
        .then((image) => image.toBuffer())
        .catch((e: unknown) => e);
      expect(inputFailure(name, error, 199)?.message).toBe(
        `${name} could not be read: the image has more than 0.0 megapixels`,
      );
    },
  );

  it('a refusal worth its own sentence names the file', async () => {
    const path = join(dir, 'x.svg');
    await writeFile(path, '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const error = await openImage({ path, format: 'svg', name: 'logo.svg' }).catch((e) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect(error.message).toBe(
      'logo.svg could not be read: it contains a <script> element, which we do not accept',
    );
  });
});
