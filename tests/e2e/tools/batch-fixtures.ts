import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { heicFromImage, picture, writeBmp, writeIco, writePsd } from '@mediakit/media/testing';
import sharp from 'sharp';
import { makeVideo } from '../../integration/media.ts';

const run = promisify(execFile);

/** The formats a tool page's file input may ask for, by the fixture that stands for them. */
export type FixtureFormat =
  | 'png'
  | 'jpg'
  | 'gif'
  | 'bmp'
  | 'tiff'
  | 'webp'
  | 'heic'
  | 'avif'
  | 'ico'
  | 'svg'
  | 'psd'
  | 'mp4'
  | 'wav';

/**
 * The fixture format for a file input, from its `accept` attribute: PNG or MP4 wherever taken (the
 * tools that take many formats), else the one format of a converter.
 */
export function formatForAccept(accept: string): FixtureFormat {
  const types = accept.split(',');
  if (types.includes('image/png')) return 'png';
  if (types.includes('video/mp4')) return 'mp4';
  const byMime: Record<string, FixtureFormat> = {
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/bmp': 'bmp',
    'image/tiff': 'tiff',
    'image/webp': 'webp',
    'image/heic': 'heic',
    'image/heif': 'heic',
    'image/avif': 'avif',
    'image/x-icon': 'ico',
    'image/vnd.microsoft.icon': 'ico',
    'image/svg+xml': 'svg',
    'image/vnd.adobe.photoshop': 'psd',
    'audio/wav': 'wav',
  };
  const format = types.map((type) => byMime[type]).find(Boolean);
  if (!format) throw new Error(`no fixture for a file input that accepts ${accept}`);
  return format;
}

/** The size of the i-th image of a batch: all different, so outputs can be matched to inputs. */
export const batchSize = (i: number) => ({ width: 24 + i * 6, height: 16 + i * 4 });

/**
 * Small files of every format a batch may need, made on first use and kept: `files(format, n)`
 * gives n different files (`<format>-1.<ext>` …), each of `batchSize(i)` pixels for images and
 * one second long for videos.
 */
export function batchFixtures(dir: string) {
  const made = new Map<string, Promise<string>>();

  async function make(format: FixtureFormat, i: number): Promise<string> {
    const { width, height } = batchSize(i);
    const path = join(dir, `${format}-${i + 1}.${format}`);
    const rgb = [40 + i * 20, 120, 220 - i * 15];
    const png = () =>
      sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } });
    switch (format) {
      case 'mp4':
        await makeVideo(path, {
          seconds: 1,
          size: '160x120',
          videoCodec: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
          audioCodec: ['-c:a', 'aac'],
        });
        return path;
      case 'wav':
        // One second of a tone, a different pitch per file.
        await run('ffmpeg', [
          '-v',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          `sine=frequency=${300 + i * 50}:duration=1`,
          path,
        ]);
        return path;
      case 'png':
        await png().png().toFile(path);
        return path;
      case 'jpg':
        await png().jpeg().toFile(path);
        return path;
      case 'gif':
        await png().gif().toFile(path);
        return path;
      case 'tiff':
        await png().tiff().toFile(path);
        return path;
      case 'webp':
        await png().webp().toFile(path);
        return path;
      case 'avif':
        await png().avif({ effort: 0 }).toFile(path);
        return path;
      case 'heic': {
        const source = join(dir, `heic-source-${i + 1}.png`);
        await png().png().toFile(source);
        await writeFile(path, await heicFromImage(source));
        return path;
      }
      case 'bmp':
        await writeFile(
          path,
          writeBmp(
            picture(width, height, () => [...rgb, 255]),
            { bits: 24 },
          ),
        );
        return path;
      case 'ico':
        await writeFile(path, writeIco([{ png: await png().png().toBuffer() }]));
        return path;
      case 'svg':
        await writeFile(
          path,
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${rgb.join(',')})"/></svg>`,
        );
        return path;
      case 'psd':
        await writeFile(
          path,
          writePsd({ width, height, colourChannels: 3, depth: 8, at: () => rgb }, { compression: 'raw' }),
        );
        return path;
    }
  }

  const one = (format: FixtureFormat, i: number) => {
    const key = `${format}:${i}`;
    let path = made.get(key);
    if (!path) {
      path = make(format, i);
      made.set(key, path);
    }
    return path;
  };

  return {
    /** n different files of that format. */
    files: (format: FixtureFormat, n: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => one(format, i))),
  };
}

/**
 * A PNG of width × height black pixels, written by hand (1-bit grayscale, so 30000 × 30000 is about
 * 110 KB and takes a second, where an encoder would work through 900 million pixels).
 */
export function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  // Each row: filter byte 0, then width bits of 0 (black).
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
