/**
 * PSD: the flattened composite Photoshop stores after the layers ("Image Data" section). Layers are
 * never decoded or re-blended: the composite is what Photoshop itself shows.
 *
 * ag-psd reads the file's structure, its image resources and 8-bit composites (bitmap, grayscale,
 * indexed and RGB, un-matting transparent pixels from Photoshop's white). It mis-reads 16-bit
 * composites (RLE rows land byte by byte in 16-bit samples; with transparency it refuses), so
 * 16-bit grayscale/RGB composites are read here (psd-composite.ts).
 *
 * CMYK documents (most print work) are read here too and handed to libvips as CMYK (raw-tiff.ts),
 * with the document's ICC profile, so their colours come out as colour-managed software shows them.
 * Their transparency, if any, is not kept: a print composite is matted on white.
 *
 * Refused with a sentence: files saved without "Maximize Compatibility" (their composite is a blank
 * placeholder; Photoshop marks this in the version-info resource), Lab/multichannel/duotone
 * documents, and 32-bit (HDR) documents.
 */
import { initializeCanvas, readPsd } from 'ag-psd';
import { decodeComposite16, readPlanes } from './psd-composite.ts';
import { ICC_PROFILE, type PsdHeader, psdResource, readPsdHeader, VERSION_INFO } from './psd-header.ts';
import { checkPixelLimit, type RawImage, UnreadableInput, withoutUselessAlpha } from './raw-image.ts';
import { separatedTiff } from './raw-tiff.ts';

// ag-psd allocates pixel buffers through a canvas factory. With `useImageData` only plain ImageData
// objects are needed, so no canvas implementation is installed: asking for a canvas is a bug.
type ImageDataFactory = NonNullable<Parameters<typeof initializeCanvas>[1]>;
initializeCanvas(
  () => {
    throw new Error('ag-psd asked for a canvas; only image data is used');
  },
  ((width: number, height: number) => ({
    width,
    height,
    data: new Uint8ClampedArray(width * height * 4),
    colorSpace: 'srgb',
  })) as unknown as ImageDataFactory,
);

const CMYK = 4;

const MODE_NAMES: Record<number, string> = {
  7: 'multichannel',
  8: 'duotone',
  9: 'Lab colour',
};

/** Pixels for sharp: raw RGB/grey samples, or an encoded image that says its colour space (CMYK). */
export type PsdImage = { kind: 'raw'; raw: RawImage } | { kind: 'tiff'; tiff: Buffer };

export function decodePsd(file: Buffer, limitInputPixels: number): PsdImage {
  const header = readPsdHeader(file);
  checkPixelLimit(header.width, header.height, limitInputPixels);
  checkSupported(header);

  // Version info: 4-byte version, then whether the composite is real (ag-psd refuses CMYK files).
  if (psdResource(file, header, VERSION_INFO)?.[4] === 0) {
    throw new UnreadableInput(
      'it was saved without “Maximize Compatibility”, so it holds no flattened image; ' +
        'open it in Photoshop, turn that option on and save it again',
    );
  }
  if (header.mode === CMYK) return { kind: 'tiff', tiff: cmykComposite(file, header) };

  const psd = readPsd(file, {
    skipLayerImageData: true,
    skipThumbnail: true,
    useImageData: true,
    // The 16-bit composite is read below; ag-psd then only walks the structure.
    skipCompositeImageData: header.depth === 16,
  });
  if (header.depth === 16) return { kind: 'raw', raw: decodeComposite16(file, header) };
  const composite = psd.imageData;
  if (!composite) throw new Error('psdload: the file has no composite image');
  const rgba = new Uint8Array(composite.data.buffer, composite.data.byteOffset, composite.data.byteLength);
  // ag-psd takes any fourth channel as alpha; Photoshop only means transparency when the layer count
  // is negative. Otherwise that channel is a saved selection and the picture is opaque.
  if (!header.mergedAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return {
    kind: 'raw',
    raw: withoutUselessAlpha({ width: header.width, height: header.height, channels: 4, data: rgba }),
  };
}

/** Photoshop stores CMYK samples inverted (the maximum = no ink); TIFF counts ink. */
function cmykComposite(file: Buffer, header: PsdHeader): Buffer {
  if (header.channels < 4) throw new Error(`psdload: a CMYK document with ${header.channels} channels`);
  const data = readPlanes(file, header, 4);
  const max = header.depth === 16 ? 0xffff : 0xff;
  for (let i = 0; i < data.length; i++) data[i] = max - data[i];
  return separatedTiff({
    width: header.width,
    height: header.height,
    space: 'cmyk',
    data,
    icc: psdResource(file, header, ICC_PROFILE),
  });
}

function checkSupported(header: PsdHeader): void {
  const mode = MODE_NAMES[header.mode];
  if (mode) {
    throw new UnreadableInput(
      `it is a ${mode} Photoshop document, which we cannot read; convert it to RGB (Image › Mode › RGB Color) and save it again`,
    );
  }
  if (header.depth === 32) {
    throw new UnreadableInput(
      'it is a 32-bit (HDR) Photoshop document, which we cannot read; convert it to 8 or 16 bits per channel',
    );
  }
  if (header.depth === 16 && header.mode !== 1 && header.mode !== 3 && header.mode !== CMYK) {
    throw new Error(`psdload: 16 bits per channel in colour mode ${header.mode}`);
  }
}
