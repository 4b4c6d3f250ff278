import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/**
 * sharp's benchmark input is a 2725×2225 photo; ours is made here (nothing binary is committed):
 * gradients in each channel, a few hard-edged blocks and gaussian-ish noise, so the JPEG has the
 * entropy of a photo rather than of a flat test card (which would decode unrealistically fast).
 */
export async function makeBenchJpeg(path: string, width = 2725, height = 2225): Promise<void> {
  const pixels = Buffer.alloc(width * height * 3);
  const noise = randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Sum of two uniform bytes minus their mean: a cheap bell-shaped noise of about ±20.
      const n = ((noise[i] + noise[(i * 7919) % noise.length]) >> 3) - 32;
      const block = ((x >> 7) + (y >> 7)) % 3 === 0 ? 40 : 0;
      pixels[i * 3] = clamp((x * 255) / width + n + block);
      pixels[i * 3 + 1] = clamp((y * 255) / height + n);
      pixels[i * 3 + 2] = clamp(255 - ((x + y) * 255) / (width + height) + n - block);
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(path);
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

export interface ClipSpec {
  seconds: number;
  /** mov: H.264 yuv420p + AAC (what a phone or camera writes); webm: VP9 + Opus (a browser recording). */
  container: 'mov' | 'webm';
  size: string;
  rate: number;
}

/**
 * A lavfi clip: testsrc2 (moving pattern with text, a realistic mix of flat areas and edges) and a
 * sine tone. Generating 60 s of 1080p takes a while on two cores, so clips are cached in the OS temp
 * dir by their spec and reused by later runs.
 */
export async function makeClip(spec: ClipSpec): Promise<string> {
  const codecs =
    spec.container === 'mov'
      ? [
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '20',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-b:a',
          '160k',
        ]
      : // biome-ignore format: flag/value pairs
        ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-b:v', '4M',
         '-c:a', 'libopus', '-b:a', '128k'];
  // biome-ignore format: flag/value pairs
  return cachedMedia(`clip-${spec.size}-${spec.rate}fps-${spec.seconds}s.${spec.container}`, [
    '-f', 'lavfi', '-i', `testsrc2=size=${spec.size}:rate=${spec.rate}:duration=${spec.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${spec.seconds}`,
    ...codecs, '-shortest',
  ]);
}

/**
 * A file ffmpeg makes from `args` (inputs and output options, not the output), kept in the OS temp
 * dir under `name` and reused by later runs; written under a partial name first, so a run cut short
 * never leaves half a file to be reused.
 */
export async function cachedMedia(name: string, args: readonly string[]): Promise<string> {
  const dir = join(tmpdir(), 'mk-bench-media');
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  if (existsSync(path)) return path;
  const partial = `${path}.partial${extname(name)}`;
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, partial], {
    maxBuffer: 16 * 1024 * 1024,
  });
  await rename(partial, path);
  return path;
}

/**
 * A WAV file of exactly `totalBytes` (header included): a valid upload of any size that costs no
 * encoding to make. The PCM is random bytes repeated in 1 MiB blocks (incompressible on the wire).
 */
export async function makeWav(path: string, totalBytes: number): Promise<void> {
  const header = Buffer.alloc(44);
  const dataBytes = totalBytes - 44;
  header.write('RIFF', 0);
  header.writeUInt32LE(totalBytes - 8, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22); // stereo
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(48_000 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  const out = createWriteStream(path);
  out.write(header);
  const block = randomBytes(1024 * 1024);
  let left = dataBytes;
  while (left > 0) {
    const chunk = left >= block.length ? block : block.subarray(0, left);
    left -= chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
