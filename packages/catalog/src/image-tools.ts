/**
 * The 8 image tools. Worker: imager. Output keeps the input's format unless noted.
 */
import { type Static, Type } from 'typebox';
import { IMAGE_MIMES } from './mime.ts';
import { atLeastOne, boxInsideFrame, exactlyOne, pointInsideFrame } from './rules.ts';
import { flip, offset, opacity, params, rotation } from './schema.ts';
import type { CatalogEntry } from './types.ts';

/**
 * "Keeps the input's format": the formats the imager writes. Inputs it cannot write back come out as
 * JPEG (an opaque HEIC photo; compress-image also BMP, PSD, ICO, SVG) or PNG (the rest, and anything
 * transparent).
 */
export const KEEP_FORMAT = ['jpg', 'png', 'webp', 'gif', 'tiff', 'avif'] as const;

// ---------------------------------------------------------------------------------------------------
// Params

/** resize-image's and compress-image's output: the input's own format, or one the user picks. */
export const OUTPUT_FORMATS = ['keep', 'jpg', 'png', 'webp', 'avif'] as const;
const outputFormat = () =>
  Type.Enum([...OUTPUT_FORMATS], {
    title: 'Output format',
    description: "keep writes the input's own format where it can; the others convert to that format.",
    default: 'keep',
  });

const side = (title: string) => Type.Integer({ title, minimum: 1, maximum: 65535 });

export const resizeImageParams = params({
  width: Type.Optional(side('Width (px)')),
  height: Type.Optional(side('Height (px)')),
  fit: Type.Optional(
    Type.Enum(['contain', 'cover', 'fill', 'inside'], {
      title: 'Fit',
      description:
        'inside keeps the aspect ratio within the size; contain pads to the exact size; cover crops to fill it; fill stretches.',
      default: 'inside',
    }),
  ),
  format: Type.Optional(outputFormat()),
});
export type ResizeImageParams = Static<typeof resizeImageParams>;

export const cropImageParams = params({
  x: Type.Optional(offset('Left (px)')),
  y: Type.Optional(offset('Top (px)')),
  width: side('Width (px)'),
  height: side('Height (px)'),
});
export type CropImageParams = Static<typeof cropImageParams>;

export const rotateFlipImageParams = params({
  rotate: Type.Optional(rotation()),
  flip: Type.Optional(flip()),
});
export type RotateFlipImageParams = Static<typeof rotateFlipImageParams>;

export const compressImageParams = params({
  level: Type.Optional(
    Type.Enum(['high', 'medium', 'low'], {
      title: 'Compression level',
      description: 'high gives the smallest file.',
    }),
  ),
  targetSizeKB: Type.Optional(
    Type.Number({
      title: 'Target size (KB)',
      description: 'Aim for this file size instead of a level.',
      exclusiveMinimum: 0,
    }),
  ),
  format: Type.Optional(outputFormat()),
});
export type CompressImageParams = Static<typeof compressImageParams>;

export const overlayImageOnImageParams = params({
  x: Type.Optional(offset('Left (px)')),
  y: Type.Optional(offset('Top (px)')),
  width: Type.Optional(
    Type.Integer({
      title: 'Overlay width (px)',
      description: "Defaults to the overlay's own width.",
      minimum: 1,
      maximum: 65535,
    }),
  ),
  opacity: Type.Optional(opacity(100)),
});
export type OverlayImageOnImageParams = Static<typeof overlayImageOnImageParams>;

export const imageTransparencyParams = params({
  opacity: Type.Optional(opacity(50)),
});
export type ImageTransparencyParams = Static<typeof imageTransparencyParams>;

export const pancardPhotoParams = params({
  crop: Type.Optional(
    Type.Object(
      {
        x: Type.Integer({ title: 'Left (px)', minimum: 0 }),
        y: Type.Integer({ title: 'Top (px)', minimum: 0 }),
        width: side('Width (px)'),
        height: side('Height (px)'),
      },
      {
        additionalProperties: false,
        title: 'Crop',
        description: 'The area to keep; by default a centered 25:35 crop.',
      },
    ),
  ),
});
export type PancardPhotoParams = Static<typeof pancardPhotoParams>;

export const pancardSignatureParams = params({
  background: Type.Optional(
    Type.Enum(['white', 'transparent'], {
      title: 'Background',
      description: 'white gives a JPEG, transparent a PNG.',
      default: 'white',
    }),
  ),
});
export type PancardSignatureParams = Static<typeof pancardSignatureParams>;

// ---------------------------------------------------------------------------------------------------
// Entries

type ImageToolSpec = Omit<CatalogEntry, 'kind' | 'media' | 'worker' | 'inputs' | 'output'> & {
  inputs?: Partial<CatalogEntry['inputs']>;
  formats?: string[];
};

function imageTool(spec: ImageToolSpec): CatalogEntry {
  const { formats, ...rest } = spec;
  return {
    ...rest,
    kind: 'tool',
    media: 'image',
    worker: 'imager',
    inputs: { min: 1, max: 1, accept: [...IMAGE_MIMES], ...spec.inputs },
    output: { media: 'image', formats: formats ?? [...KEEP_FORMAT] },
  };
}

const BATCH = { min: 1, max: 50 };

export const imageTools: CatalogEntry[] = [
  imageTool({
    name: 'resize-image',
    title: 'Resize Image Online',
    description:
      'Resize up to 50 images at once to an exact width, height or both, keeping the aspect ratio or cropping to fill. Keeps the format; free, no watermark.',
    inputs: BATCH,
    params: resizeImageParams,
    rules: [atLeastOne(['width', 'height'], 'width or height is required: give one of them, or both')],
  }),
  imageTool({
    name: 'crop-image',
    title: 'Crop Image Online',
    description:
      'Cut an image down to the area you need by choosing its position, width and height in pixels. Keeps the original format; free, no watermark.',
    params: cropImageParams,
    inputRules: [boxInsideFrame('', 0, 'crop')],
  }),
  imageTool({
    name: 'rotate-flip-image',
    title: 'Rotate and Flip Images',
    description:
      'Rotate photos by 90, 180 or 270 degrees or mirror them horizontally or vertically, up to 50 images in one go. Free, no watermark, no sign-up.',
    inputs: BATCH,
    params: rotateFlipImageParams,
  }),
  imageTool({
    name: 'compress-image',
    title: 'Compress Image Online',
    description:
      'Make photos smaller for the web or email: pick a compression level or a target size in KB, for up to 50 images at once. Free, no watermark.',
    inputs: BATCH,
    params: compressImageParams,
    rules: [
      exactlyOne(
        'level',
        'targetSizeKB',
        'Choose a compression level (high, medium or low) or give a targetSizeKB',
      ),
    ],
  }),
  imageTool({
    name: 'overlay-image-on-image',
    title: 'Overlay Image on Image',
    description:
      'Place one picture on top of another, set its position, width and opacity, and download the combined image. Free, no watermark, no sign-up.',
    inputs: {
      min: 2,
      max: 2,
      labels: ['Base image', 'Overlay image'],
      acceptByPosition: [[...IMAGE_MIMES], [...IMAGE_MIMES]],
    },
    params: overlayImageOnImageParams,
    inputRules: [pointInsideFrame(0, 'base image')],
  }),
  imageTool({
    name: 'image-transparency',
    title: 'Make Image Transparent',
    description:
      'Set the opacity of an image anywhere from 0 to 100% and download a PNG with a real alpha channel, up to 50 images at once. Free, no watermark.',
    inputs: BATCH,
    params: imageTransparencyParams,
    formats: ['png'],
  }),
  imageTool({
    name: 'pancard-photo-resizer',
    title: 'PAN Card Photo Resizer',
    description:
      'Get a PAN card application photo that meets the rules: cropped to 25:35, 197×276 pixels, 200 DPI, a JPG under 20 KB. Free, no sign-up.',
    params: pancardPhotoParams,
    formats: ['jpg'],
    inputRules: [boxInsideFrame('crop.', 0, 'crop')],
  }),
  imageTool({
    name: 'pancard-signature-resizer',
    title: 'PAN Card Signature Resizer',
    description:
      'Resize a scanned signature for a PAN card application: fits 354×157 pixels at 200 DPI, under 20 KB, on a white or transparent background. Free.',
    params: pancardSignatureParams,
    formats: ['jpg', 'png'],
  }),
];
