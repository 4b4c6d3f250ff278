/**
 * PSD: the flattened composite Photoshop stores after the layers ("Image Data" section). Layers are
 * never decoded or re-blended: the composite is what Photoshop itself shows.
 *
 * ag-psd reads the file's structure, its image resources and 8-bit composites (bitmap, grayscale,
 * indexed and RGB, un-matting transparent pixels from Photoshop's white). It mis-reads 16-bit
 * composites (RLE rows land byte by byte in 16-bit samples; with transparency it refuses), so
 * 16-bit grayscale/RGB composites are read here (psd-composite16.ts).
 *
 * Refused with a sentence: files saved without "Maximize Compatibility" (their composite is a blank
 * placeholder; Photoshop marks this in the version-info resource), CMYK/Lab/multichannel/duotone
 * documents, and 32-bit (HDR) documents.
 */
import { initializeCanvas, readPsd } from 'ag-psd';
import { decodeComposite16 } from './psd-composite16.ts';
import { type PsdHeader, readPsdHeader } from './psd-header.ts';
import { checkPixelLimit, type RawImage, UnreadableInput, withoutUselessAlpha } from './raw-image.ts';

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

const MODE_NAMES: Record<number, string> = {
  4: 'CMYK',
  7: 'multichannel',
  8: 'duotone',
  9: 'Lab colour',
};

export function decodePsd(file: Buffer, limitInputPixels: number): RawImage {
  const header = readPsdHeader(file);
  checkPixelLimit(header.width, header.height, limitInputPixels);
  checkSupported(header);

  const psd = readPsd(file, {
    skipLayerImageData: true,
    skipThumbnail: true,
    useImageData: true,
    // The 16-bit composite is read below; ag-psd then only walks the structure.
    skipCompositeImageData: header.depth === 16,
  });
  if (psd.imageResources?.versionInfo?.hasRealMergedData === false) {
    throw new UnreadableInput(
      'it was saved without “Maximize Compatibility”, so it holds no flattened image; ' +
        'open it in Photoshop, turn that option on and save it again',
    );
  }

  if (header.depth === 16) return decodeComposite16(file, header);
  const composite = psd.imageData;
  if (!composite) throw new Error('psdload: the file has no composite image');
  const rgba = new Uint8Array(composite.data.buffer, composite.data.byteOffset, composite.data.byteLength);
  // ag-psd takes any fourth channel as alpha; Photoshop only means transparency when the layer count
  // is negative. Otherwise that channel is a saved selection and the picture is opaque.
  if (!header.mergedAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return withoutUselessAlpha({ width: header.width, height: header.height, channels: 4, data: rgba });
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
  if (header.depth === 16 && header.mode !== 1 && header.mode !== 3) {
    throw new Error(`psdload: 16 bits per channel in colour mode ${header.mode}`);
  }
}
