/**
 * HEIC: HEVC-coded HEIF, as iPhones write it. libvips' bundled libheif has no HEVC decoder, so
 * libheif itself, compiled to WebAssembly with libde265 (libheif-js, no native build, nothing fetched
 * at install), decodes the primary image. libheif applies the container's transformations (clean
 * aperture, `irot` rotation, `imir` mirroring) and assembles grid tiles; EXIF orientation, which HEIF
 * readers must ignore, never reaches sharp (raw input has none).
 *
 * The pixel bound is checked on the header's size (our own parser, then libheif's handle) before
 * anything is decoded. Every libheif object is released after use: the wasm heap lives as long as
 * the worker, and one leaked context per photo would add up.
 */
import { createRequire } from 'node:module';
import { type HeifInfo, readHeif } from '@mediakit/media';
import { type HdrTransfer, hdrTransfer, toneMapToSdr } from './hdr.ts';
import { checkPixelLimit, type RawImage, withoutUselessAlpha } from './raw-image.ts';

/** The small part of libheif-js's JS API used here (the package ships no types for it). */
interface HeifImageHandle {
  /** The embind handle that libheif-js's own `heif_js_*` helpers take. */
  handle: unknown;
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  has_alpha_channel(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: { data: Uint8ClampedArray } | null) => void,
  ): void;
  free(): void;
}
interface LibHeif {
  ready?: Promise<unknown>;
  HeifDecoder: new () => { decoder: unknown; decode(data: Uint8Array): HeifImageHandle[] };
  heif_context_free(context: unknown): void;
  /** Decodes a handle to the given layout; what `display()` calls with 8-bit RGBA. */
  heif_js_decode_image2(
    handle: unknown,
    colorspace: number,
    chroma: number,
  ): Promise<{ image: unknown; channels?: HeifPlane[] } | { code: number } | null>;
  heif_image_release(image: unknown): void;
  heif_colorspace_RGB: number;
  heif_chroma_interleaved_RRGGBB_LE: number;
  heif_chroma_interleaved_RRGGBBAA_LE: number;
}
interface HeifPlane {
  width: number;
  height: number;
  stride: number;
  bits_per_pixel: number;
  data: Uint8Array;
}

let loading: Promise<LibHeif> | undefined;

/** Loaded on the first HEIC only: the 2 MB bundle is not worth holding for workers that never see one. */
function libheif(): Promise<LibHeif> {
  loading ??= (async () => {
    const lib = createRequire(import.meta.url)('libheif-js/wasm-bundle') as LibHeif;
    await lib.ready;
    return lib;
  })();
  return loading;
}

export interface DecodedHeic {
  image: RawImage;
  /** Colour information of the primary image, for tagging the pixels (see icc-tag.ts). */
  colour: Pick<HeifInfo, 'icc' | 'nclx'>;
  /** Set when the image was HDR (PQ/HLG) and `image` is its tone-mapped sRGB version (hdr.ts). */
  toneMapped?: { transfer: HdrTransfer; bits: number };
}

export async function decodeHeic(file: Buffer, limitInputPixels: number): Promise<DecodedHeic> {
  const info = readHeif(file);
  if (info?.codec !== 'hevc') throw new Error('heifload: not an HEVC-coded HEIF image');
  if (info.width && info.height) checkPixelLimit(info.width, info.height, limitInputPixels);

  const lib = await libheif();
  const decoder = new lib.HeifDecoder();
  const handles = decoder.decode(file);
  try {
    const primary = handles.find((h) => h.is_primary()) ?? handles[0];
    if (!primary) throw new Error('heifload: the file holds no image libheif can read');
    const width = primary.get_width();
    const height = primary.get_height();
    checkPixelLimit(width, height, limitInputPixels);
    const transfer = hdrTransfer(info.nclx);
    if (transfer && info.nclx) return await decodeHdr(lib, primary, transfer, info.nclx.primaries);
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const shown = await new Promise<{ data: Uint8ClampedArray } | null>((resolve) =>
      primary.display(target, resolve),
    );
    if (!shown) throw new Error('heifload: the HEVC image data could not be decoded');
    const rgba = new Uint8Array(shown.data.buffer, shown.data.byteOffset, shown.data.byteLength);
    return {
      image: withoutUselessAlpha({ width, height, channels: 4, data: rgba }),
      colour: { icc: info.icc, nclx: info.nclx },
    };
  } finally {
    for (const handle of handles) handle.free();
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
    decoder.decoder = null;
  }
}

/**
 * An HDR (PQ/HLG) picture: decoded at its own bit depth (RGB 16-bit, little-endian, right-aligned)
 * instead of 8-bit RGBA, then tone-mapped to sRGB. The result is no longer in the file's colour space,
 * so no profile goes with it.
 */
async function decodeHdr(
  lib: LibHeif,
  primary: HeifImageHandle,
  transfer: HdrTransfer,
  primaries: number,
): Promise<DecodedHeic> {
  const channels = primary.has_alpha_channel() ? 4 : 3;
  const chroma =
    channels === 4 ? lib.heif_chroma_interleaved_RRGGBBAA_LE : lib.heif_chroma_interleaved_RRGGBB_LE;
  const decoded = await lib.heif_js_decode_image2(primary.handle, lib.heif_colorspace_RGB, chroma);
  if (!decoded || !('image' in decoded))
    throw new Error('heifload: the HEVC image data could not be decoded');
  try {
    const plane = decoded.channels?.[0];
    if (!plane) throw new Error('heifload: the HEVC image data could not be decoded');
    const { width, height, stride, bits_per_pixel: bits } = plane;
    // Rows without their padding, as host-order 16-bit samples (the plane is little-endian).
    const data = new Uint16Array(width * height * channels);
    const view = new DataView(plane.data.buffer, plane.data.byteOffset, plane.data.byteLength);
    for (let y = 0, o = 0; y < height; y++) {
      for (let x = 0, at = y * stride; x < width * channels; x++, at += 2)
        data[o++] = view.getUint16(at, true);
    }
    const image = toneMapToSdr({
      width,
      height,
      channels,
      data,
      maxCode: (1 << bits) - 1,
      transfer,
      primaries,
    });
    return { image: withoutUselessAlpha(image), colour: {}, toneMapped: { transfer, bits } };
  } finally {
    lib.heif_image_release(decoded.image);
  }
}
