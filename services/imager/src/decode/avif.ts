/**
 * AVIF: libvips decodes it (libheif with aom, inside sharp). An SDR AVIF goes on as it is; an HDR
 * one (PQ or HLG in its `colr`/nclx, which libvips reads past) comes out of libvips as the raw
 * 10/12-bit signal, left-aligned in 16 bits, and is tone-mapped to sRGB here (hdr.ts) before any
 * tool sees it.
 */
import { readHeifFile } from '@mediakit/media';
import sharp, { type Sharp } from 'sharp';
import { hdrTransfer, noteToneMapped, toneMapToSdr } from './hdr.ts';
import { sharpFromRaw } from './raw-image.ts';

export async function openAvif(path: string, limitInputPixels: number): Promise<Sharp> {
  const open = () => sharp(path, { limitInputPixels, failOn: 'error', pages: 1 });
  const nclx = (await readHeifFile(path))?.nclx;
  const transfer = hdrTransfer(nclx);
  if (!nclx || !transfer) return open();

  const { bitsPerSample = 16, hasAlpha } = await open().metadata();
  const bits = Math.min(16, Math.max(8, bitsPerSample));
  const { data, info } = await open()
    .toColourspace('rgb16')
    .raw({ depth: 'ushort' })
    .toBuffer({ resolveWithObject: true });
  const samples = new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2);
  const sdr = toneMapToSdr({
    width: info.width,
    height: info.height,
    channels: hasAlpha ? 4 : 3,
    data: samples,
    // libheif shifts a 10-bit sample 6 bits up: 1023 becomes 65472, not 65535.
    maxCode: ((1 << bits) - 1) << (16 - bits),
    transfer,
    primaries: nclx.primaries,
  });
  return noteToneMapped(sharpFromRaw(sdr, limitInputPixels), { transfer, bits });
}
